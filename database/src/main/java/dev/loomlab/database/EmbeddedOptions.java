package dev.loomlab.database;

import java.nio.file.Path;

/**
 * How to start an embedded server.
 *
 * @param maxConnections  the server's connection limit ({@code max_connections}); the lab may run a JDBC and an R2DBC
 *                        pool of 150 at once, so the default is 600
 * @param port            TCP port on 127.0.0.1, or 0 for a free port
 * @param dataDirParent   where the temporary data directory is made, or {@code null} for the system temp directory
 * @param bindAddress     the one IPv4 address the server listens on: 127.0.0.1 unless the lab puts the database in a
 *                        network namespace of its own (its address there)
 * @param launchPrefix    put before the server's command, e.g. {@code ip netns exec NAME}: empty = started as is
 */
public record EmbeddedOptions(int maxConnections, int port, Path dataDirParent, String bindAddress,
        java.util.List<String> launchPrefix) {

    public static final String LOOPBACK = "127.0.0.1";

    public EmbeddedOptions(int maxConnections, int port, Path dataDirParent) {
        this(maxConnections, port, dataDirParent, LOOPBACK, java.util.List.of());
    }

    public static final int DEFAULT_MAX_CONNECTIONS = 600;

    public EmbeddedOptions {
        if (maxConnections < 10) {
            throw new IllegalArgumentException("maxConnections must be at least 10, was " + maxConnections);
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, was " + port);
        }
        bindAddress = bindAddress == null ? LOOPBACK : bindAddress;
        if (!bindAddress.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            throw new IllegalArgumentException("bindAddress must be an IPv4 address, was " + bindAddress);
        }
        launchPrefix = launchPrefix == null ? java.util.List.of() : java.util.List.copyOf(launchPrefix);
    }

    /** 600 connections, a free port, data in the system temp directory. */
    public static EmbeddedOptions defaults() {
        return new EmbeddedOptions(DEFAULT_MAX_CONNECTIONS, 0, null);
    }

    public EmbeddedOptions withMaxConnections(int maxConnections) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent, bindAddress, launchPrefix);
    }

    public EmbeddedOptions withPort(int port) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent, bindAddress, launchPrefix);
    }

    public EmbeddedOptions withDataDirParent(Path dataDirParent) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent, bindAddress, launchPrefix);
    }

    /** Listen on {@code address} instead of 127.0.0.1 (the server's address in a network namespace of its own). */
    public EmbeddedOptions withBindAddress(String address) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent, address, launchPrefix);
    }

    /** Start the server through {@code prefix}, e.g. {@code ip netns exec NAME}, so that it runs in that namespace. */
    public EmbeddedOptions withLaunchPrefix(java.util.List<String> prefix) {
        return new EmbeddedOptions(maxConnections, port, dataDirParent, bindAddress, prefix);
    }

    /** Whether the server is started as is, on loopback: the default. */
    boolean plain() {
        return LOOPBACK.equals(bindAddress) && launchPrefix.isEmpty();
    }
}
