package dev.loomlab.lab.server;

/** The server a cell measures: one the lab started ({@link ServerProcess}) or a target it was given. */
public interface ServerHandle extends AutoCloseable {
    String baseUrl();

    /** Actuator on a port of its own, or null. */
    String managementUrl();

    /** The server's process id, or -1 when it is not a process of this machine the lab knows. */
    long pid();

    boolean alive();

    String logTail(int lines);

    @Override
    void close();

    /** An already-running server given with --target: the lab neither starts nor stops it. */
    static ServerHandle target(String baseUrl) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return new ServerHandle() {
            @Override
            public String baseUrl() {
                return base;
            }

            @Override
            public String managementUrl() {
                return null;
            }

            @Override
            public long pid() {
                return -1;
            }

            @Override
            public boolean alive() {
                return true;
            }

            @Override
            public String logTail(int lines) {
                return "";
            }

            @Override
            public void close() {
                // Not ours to stop.
            }
        };
    }
}
