package dev.loomlab.lab.os.process;

import dev.loomlab.lab.os.ShortCommand;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Freezes a process and thaws it again (SIGSTOP, SIGCONT), which the JDK's process API cannot: it can only end one. A
 * frozen process uses no CPU at all, whatever its threads had planned; its sockets stay open. The lab remembers what
 * it froze, so that stopping one thaws it first: a frozen process would not act on SIGTERM until thawed.
 */
public final class Freezer {
    private static final Set<Long> FROZEN = ConcurrentHashMap.newKeySet();

    private Freezer() {
    }

    /**
     * The longest a stop signal takes to land: {@code kill} returns once it is queued, and on a busy machine the process
     * ran on for a moment after (CI read it running right after the signal).
     */
    private static final Duration STOP_LANDS = Duration.ofSeconds(2);

    /**
     * Freezes {@code pid}, returning once it has stopped (or {@link #STOP_LANDS} has passed); false if it could not be
     * (gone, or {@code kill} missing): it then runs on.
     */
    public static boolean freeze(long pid) {
        FROZEN.add(pid);
        if (signal(pid, "STOP")) {
            awaitStopped(pid);
            return true;
        }
        FROZEN.remove(pid);
        return false;
    }

    private static void awaitStopped(long pid) {
        long deadline = System.nanoTime() + STOP_LANDS.toNanos();
        while (!stopped(pid) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Whether the process is stopped (state T); a process gone, or no /proc, leaves nothing to wait for. */
    static boolean stopped(long pid) {
        return ProcStat.ofProcess(pid).map(stat -> stat.state() == 'T').orElse(true);
    }

    /** Thaws {@code pid} if the lab froze it; nothing otherwise. */
    public static void thaw(long pid) {
        if (FROZEN.remove(pid)) {
            signal(pid, "CONT");
        }
    }

    private static boolean signal(long pid, String signal) {
        return ShortCommand.succeeds(List.of("kill", "-s", signal, Long.toString(pid)), Duration.ofSeconds(5));
    }
}
