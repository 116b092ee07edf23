package dev.loomlab.server.testkit;

/**
 * A server a test started on an ephemeral port; closing it stops it. Plain Java on purpose: the
 * legacy server's (Spring Boot 2.7) and the Boot 4 servers' test helpers both implement it.
 */
public interface RunningServer extends AutoCloseable {

    /** The request port (local.server.port). */
    int port();

    default String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    @Override
    void close();
}
