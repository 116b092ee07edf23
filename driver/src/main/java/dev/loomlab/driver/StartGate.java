package dev.loomlab.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Several drivers start their phase at one instant. Each driver's JVM starts and connects in its own time (a second or
 * more on a busy machine), so a phase started as soon as the driver is ready would open each driver's window at a
 * different moment. Instead each driver, once connected, says it is ready and waits for the gate file; the lab writes
 * into it, once all are ready, an instant a little ahead, and every driver starts its phase then.
 */
final class StartGate {
    /** How long a ready driver waits for the others before it gives up. */
    static final long WAIT_MS = 120_000;
    /** How long a driver started ahead of its target waits for the lab to say the target is up: its start and check. */
    static final long CONNECT_WAIT_MS = 240_000;
    private static final long POLL_MS = 2;

    private StartGate() {
    }

    /**
     * Returns at the instant the gate names (at once if it has passed), with the server's process when the lab named
     * it after the instant ({@code "EPOCH_MS PID"}: the driver then watches its JIT compiler, see {@link CompilerWatch});
     * throws if no gate appears in time.
     */
    static OptionalLong await(Path gate) throws InterruptedException {
        awaitFile(gate, WAIT_MS, "no start instant at " + gate + " within " + WAIT_MS / 1000 + " s of being ready");
        long startAt;
        OptionalLong server;
        try {
            String[] words = Files.readString(gate).trim().split(" ");
            startAt = Long.parseLong(words[0]);
            server = words.length > 1 ? OptionalLong.of(Long.parseLong(words[1])) : OptionalLong.empty();
        } catch (IOException | NumberFormatException e) {
            throw new DriverException("the start gate " + gate + " does not hold an epoch-ms instant (and a server's PID): " + e.getMessage(), e);
        }
        long wait = startAt - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
        return server;
    }

    /** Returns once {@code gate} exists: the lab has seen the target up. Throws if it does not appear in time. */
    static void awaitFile(Path gate) throws InterruptedException {
        awaitFile(gate, CONNECT_WAIT_MS, "the target was not up within " + CONNECT_WAIT_MS / 1000 + " s of the driver's start (no " + gate + ")");
    }

    private static void awaitFile(Path gate, long waitMs, String timedOut) throws InterruptedException {
        long deadline = System.nanoTime() + waitMs * 1_000_000L;
        while (!Files.isRegularFile(gate)) {
            if (System.nanoTime() > deadline) {
                throw new DriverException(timedOut);
            }
            Thread.sleep(POLL_MS);
        }
    }
}
