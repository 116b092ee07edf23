package dev.loomlab.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Process helpers for embedded servers: pid files, liveness, stopping, what their {@link OrphanGuard} does afterwards. */
final class ServerProcesses {

    private ServerProcesses() {
    }

    /** The pid on the first line of a pid file ({@code postmaster.pid}, {@code mariadbd.pid}). */
    static long readPidFile(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.isEmpty() || lines.get(0).isBlank()) {
                throw new IllegalStateException("empty pid file " + pidFile);
            }
            return Long.parseLong(lines.get(0).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read pid file " + pidFile, e);
        }
    }

    /** Whether the process exists and is not a zombie (an exited child nobody has reaped yet counts as gone). */
    static boolean isRunning(long pid) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // "pid (comm) S ...": the state follows the last ')'
            int close = stat.lastIndexOf(')');
            char state = close >= 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false; // gone between the two checks, or no /proc
        }
    }

    /** Waits up to {@code timeout} for the process to be gone; true if it is. */
    static boolean awaitGone(long pid, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (isRunning(pid)) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !isRunning(pid);
            }
        }
        return true;
    }

    /** Makes sure the process is gone: waits {@code grace}, then kills it (SIGKILL) and waits a little more. */
    static void ensureGone(long pid, Duration grace) {
        if (awaitGone(pid, grace)) {
            return;
        }
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        awaitGone(pid, Duration.ofSeconds(5));
    }

    /** Asks a server to stop; it may fail, for it may never have started. */
    interface Stop {
        void stop() throws Exception;
    }

    /**
     * Cleans up after a server that failed to start: reads its pid first (stopping may delete the
     * pid file), asks it to stop if it got that far ({@code stop} may be null), makes sure its
     * process is gone within {@code grace}, and deletes its instance directory.
     */
    static void abortStart(Path pidFile, Stop stop, Duration grace, Path instanceDir) {
        long pid = -1;
        try {
            pid = readPidFile(pidFile);
        } catch (RuntimeException noPidFile) {
            // never got that far
        }
        if (stop != null) {
            try {
                stop.stop();
            } catch (Exception ignored) {
                // killed below
            }
        }
        if (pid > 0) {
            ensureGone(pid, grace);
        }
        TempDirs.deleteQuietly(instanceDir);
    }

    /** The effective uid of this JVM (the owner of /proc/self), or -1 if unknown. */
    static int currentUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException | ClassCastException e) {
            return -1;
        }
    }

    /** Whether this is Linux on x86-64, the only platform whose server binaries this module ships. */
    static void requireLinuxAmd64(String what) {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        if (!os.toLowerCase(java.util.Locale.ROOT).startsWith("linux")
                || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new IllegalStateException("embedded " + what + " ships Linux x86-64 binaries only (this is "
                    + os + " " + arch + "); use Databases.external(...) with a server of your own");
        }
    }

    /** How long an orphaned server gets from its orderly-stop signal to SIGKILL. */
    static final Duration ORPHAN_GRACE = Duration.ofSeconds(30);

    /** The orphan guard's last command: delete the instance directory (never a relative path nor the root). */
    static List<String> deleteAfterwards(Path instanceDir) {
        Path dir = instanceDir.toAbsolutePath().normalize();
        return dir.getNameCount() == 0 ? List.of() : List.of("rm", "-rf", "--", dir.toString());
    }
}
