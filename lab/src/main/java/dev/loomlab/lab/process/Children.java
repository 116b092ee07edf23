package dev.loomlab.lab.process;

import dev.loomlab.database.OrphanGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Every process the lab started, so that none outlives it — only ours, by PID, never anything else on the machine.
 * Two ways, for two ways of dying: a shutdown hook stops them when the lab can still run code (Ctrl-C, SIGTERM, an
 * exception), and an {@link OrphanGuard} — a small shell of its own session, started with the first child — stops
 * them, and sweeps the lab's network namespaces and links, when it cannot (SIGKILL, the OOM killer). The guard
 * reads the children from a pid file this class rewrites whenever one starts or ends, and lives while there is
 * something to guard: a child, or a hold (the split topology's namespaces).
 */
public final class Children {
    /**
     * From the guard's SIGTERM to its SIGKILL. Short: the lab that would read what a child writes on its way out (a
     * server's flight recording) is dead, and the lab's children must be gone within seconds of it.
     */
    static final Duration ORPHAN_GRACE = Duration.ofSeconds(2);
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static Path guardDir;
    private static OrphanGuard guard;
    private static int holds;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopAll();
            closeGuard();
        }, "loomlab-children-stop"));
    }

    private Children() {
    }

    /** Starts {@code builder}'s process under the guard. */
    public static Process start(ProcessBuilder builder) throws IOException {
        guard();
        return track(builder.start());
    }

    public static Process track(Process process) {
        synchronized (Children.class) {
            guard();
            LIVE.add(process);
            writePidFile();
        }
        process.onExit().thenRun(() -> {
            LIVE.remove(process);
            writePidFile();
            closeGuardIfIdle();
        });
        return process;
    }

    /**
     * Keeps the guard while something other than a child needs sweeping should the lab die: the namespaces of a
     * split run, which outlive every child between two cells. Each hold is released once.
     */
    static synchronized void hold() {
        holds++;
        guard();
    }

    static synchronized void release() {
        holds--;
        closeGuardIfIdle();
    }

    /** SIGTERM, then SIGKILL after {@code grace}; returns once the process is gone. */
    public static void stop(Process process, Duration grace) {
        if (!process.isAlive()) {
            LIVE.remove(process);
            return;
        }
        process.destroy();
        // after the SIGTERM, as the orphan guard does: a frozen process thawed first would run on for a moment
        Freezer.thaw(process.pid());
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

    /** The guard's process, started if it was not (for tests: it must outlive a SIGKILLed lab). */
    static synchronized java.util.Optional<ProcessHandle> guardProcess() {
        guard();
        return guard.handle();
    }

    private static synchronized void guard() {
        if (guard != null) {
            return;
        }
        Path pids = Path.of("/dev/null");
        try {
            guardDir = Files.createTempDirectory("loomlab-children-");
            pids = pidFile();
        } catch (IOException e) {
            // Still a guard: it sweeps the namespaces, though it knows no child to stop.
            System.getLogger(Children.class.getName()).log(System.Logger.Level.WARNING,
                    "the orphan guard will not know the lab's children (cannot make its folder): " + e.getMessage());
        }
        // Then the folders the lab listed for it (only the lab's own, loomlab-*), then its own folder.
        String folders = "\n[ -n \"$3\" ] && [ -f \"$3/" + SWEEP + "\" ] && while IFS= read -r f; do"
                + " case \"${f##*/}\" in loomlab-*) rm -rf -- \"$f\";; esac; done < \"$3/" + SWEEP + "\"";
        List<String> afterwards = List.of("sh", "-c", LabNamespaces.sweepScript() + folders + "\n[ -n \"$3\" ] && rm -rf -- \"$3\"",
                "loomlab-children-sweep", Long.toString(ProcessHandle.current().pid()), LabNamespaces.ipCommand(),
                guardDir == null ? "" : guardDir.toString());
        guard = OrphanGuard.start("loomlab-children-guard", pids, OrphanGuard.PidFile.EVERY_LINE, "TERM",
                ORPHAN_GRACE, afterwards);
    }

    /**
     * Has the guard delete {@code folder} should the lab die without its own clean-up (SIGKILL): a folder of keys, of
     * sockets, or a load agent's on this machine. Its name must start with {@code loomlab-}; the owner deletes it as
     * usual otherwise. Needs the guard: call it while a child or a hold keeps it.
     */
    public static synchronized void sweepOnDeath(Path folder) {
        guard();
        if (guardDir == null || !folder.getFileName().toString().startsWith("loomlab-")) {
            return;
        }
        try {
            Files.writeString(guardDir.resolve(SWEEP), folder.toAbsolutePath() + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.getLogger(Children.class.getName()).log(System.Logger.Level.WARNING,
                    "the orphan guard will not sweep " + folder + ": " + e.getMessage());
        }
    }

    private static final String SWEEP = "sweep";

    private static Path pidFile() {
        return guardDir.resolve("pids");
    }

    /** Whole, or not at all: the guard may read it at any moment (the lab may die at any moment). */
    private static synchronized void writePidFile() {
        if (guardDir == null || !Files.isDirectory(guardDir)) {
            return;
        }
        String lines = LIVE.stream().filter(Process::isAlive).map(p -> OrphanGuard.line(p.toHandle()))
                .filter(l -> !l.isEmpty()).collect(Collectors.joining("\n", "", "\n"));
        try {
            Path tmp = guardDir.resolve("pids.tmp");
            Files.writeString(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, pidFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            System.getLogger(Children.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot update the orphan guard's pid file: " + e.getMessage());
        }
    }

    /** No child and no hold: the guard goes too, so that a lab that has nothing running leaves nothing running. */
    private static synchronized void closeGuardIfIdle() {
        if (LIVE.isEmpty() && holds == 0) {
            closeGuard();
        }
    }

    private static synchronized void closeGuard() {
        if (guard != null) {
            guard.close();
            guard = null;
        }
        if (guardDir != null) {
            try (var files = Files.list(guardDir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
                Files.deleteIfExists(guardDir);
            } catch (IOException e) {
                // A temp folder: at worst it stays.
            }
            guardDir = null;
        }
    }

    static void stopAll() {
        for (Process p : LIVE) {
            p.destroy();
            Freezer.thaw(p.pid());
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
