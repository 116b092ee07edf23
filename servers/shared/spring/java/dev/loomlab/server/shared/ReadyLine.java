package dev.loomlab.server.shared;

import org.springframework.core.env.Environment;

/**
 * The line a server prints on stdout once it serves, and the only one the lab waits for:
 * {@code loomlab-ready http://HOST:PORT [management=http://HOST:MPORT]}. It carries the ports,
 * which are ephemeral when the server was started with {@code --server.port=0}.
 */
public final class ReadyLine {
    /** What the line starts with. */
    public static final String PREFIX = "loomlab-ready ";

    private ReadyLine() {
    }

    /**
     * Prints the line for the request {@code port} on {@code host}; the management port is the one
     * Spring Boot publishes as {@code local.management.port} once Actuator's own server listens.
     */
    public static void print(String host, int port, Environment env) {
        String management = env.getProperty("local.management.port");
        System.out.println(PREFIX + "http://" + host + ":" + port
                + (management != null && Integer.parseInt(management) > 0 ? " management=http://" + host + ":" + management : ""));
        System.out.flush();
    }
}
