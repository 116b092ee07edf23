package dev.loomlab.lab.process;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every process the lab started, so that none outlives it: a shutdown hook (Ctrl-C, a crash
 * of the lab) stops them by PID — only ours, never anything else on the machine.
 */
public final class Children {
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Children::stopAll, "loomlab-children-stop"));
    }

    private Children() {
    }

    public static Process track(Process process) {
        LIVE.add(process);
        process.onExit().thenRun(() -> LIVE.remove(process));
        return process;
    }

    /** SIGTERM, then SIGKILL after {@code grace}; returns once the process is gone. */
    public static void stop(Process process, Duration grace) {
        if (!process.isAlive()) {
            LIVE.remove(process);
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        LIVE.remove(process);
    }

    static void stopAll() {
        for (Process p : LIVE) {
            p.destroy();
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        for (Process p : LIVE) {
            try {
                long left = Math.max(0, deadline - System.nanoTime());
                if (!p.waitFor(left, TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }
    }
}
