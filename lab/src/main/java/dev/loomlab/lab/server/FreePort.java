package dev.loomlab.lab.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A port for a server chosen before it starts, so that its load driver can be started alongside it with the URL it
 * will load. Chosen below the kernel's ephemeral range: ports in that range are handed to outgoing connections (the
 * server's own database pool opens 150 while it starts), and one could take the port between this check and the
 * server's bind; below the range only another listener can, and the check sees listeners. Empty when the range leaves
 * no room below it: the server then picks its own port and the driver starts once it is up.
 */
public final class FreePort {
    /** The lowest port tried: clear of the well-known ports services are configured on (8080, 5432, 3306, ...). */
    static final int LOWEST = 20_000;
    private static final Path EPHEMERAL = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int TRIES = 50;

    private FreePort() {
    }

    /** A port nothing listens on, below the ephemeral range, or empty. */
    public static OptionalInt pick() {
        int below = ephemeralLow();
        if (below - LOWEST < 1_000) {
            return OptionalInt.empty();
        }
        for (int i = 0; i < TRIES; i++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (free(port)) {
                return OptionalInt.of(port);
            }
        }
        return OptionalInt.empty();
    }

    /** Whether a listener could bind {@code port} on loopback now. */
    static boolean free(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(false);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The first port of the kernel's ephemeral range (Linux's default 32768 when it cannot be read). */
    static int ephemeralLow() {
        try {
            // read by lines: a whole-file read of a /proc file sized 0 can stop after its first byte
            return Integer.parseInt(Files.readAllLines(EPHEMERAL).getFirst().trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
