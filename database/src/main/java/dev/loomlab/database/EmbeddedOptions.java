package dev.loomlab.database;

import java.nio.file.Path;

/**
 * How to start an embedded server.
 *
 * @param maxConnections  the server's connection limit ({@code max_connections}); the lab may run a JDBC and an R2DBC
 *                        pool of 150 at once, so the default is 600
 * @param port            TCP port on 127.0.0.1, or 0 for a free port
 * @param dataDirParent   where the temporary data directory is made, or {@code null} for the system temp directory
 */
public record EmbeddedOptions(int maxConnections, int port, Path dataDirParent) {

    public static final int DEFAULT_MAX_CONNECTIONS = 600;

    public EmbeddedOptions {
        if (maxConnections < 10) {
            throw new IllegalArgumentException("maxConnections must be at least 10, was " + maxConnections);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, was " + port);
        }
    }

    /** 600 connections, a free port, data in the system temp directory. */
    public static EmbeddedOptions defaults() {
        return new EmbeddedOptions(DEFAULT_MAX_CONNECTIONS, 0, null);
    }

    public EmbeddedOptions withMaxConnections(int maxConnections) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent);
    }

    public EmbeddedOptions withPort(int port) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent);
    }

    public EmbeddedOptions withDataDirParent(Path dataDirParent) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent);
    }
}
