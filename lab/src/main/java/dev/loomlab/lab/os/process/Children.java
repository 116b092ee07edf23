package dev.loomlab.lab.os.process;

import dev.loomlab.database.OrphanGuard;
import dev.loomlab.lab.os.LabNamespaces;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
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
    /** The guard: started by the first caller that needs it, with no lock held (it is a process, see {@link Once}). */
    private static final Once<Guard> GUARD = new Once<>();
    /**
     * Held for the books only — which children and holds there are, whether the guard they were written for is still
     * the one — and for writing the small pid file, never while a guard starts or stops.
     */
    private static final Object BOOKS = new Object();
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
        // The guard may close between its start and this child's entry (its last child ended meanwhile): then the
        // child goes to the next guard, never into a pid file no guard reads.
        boolean entered = false;
        while (!entered) {
            Guard guard = guard();
            synchronized (BOOKS) {
                entered = GUARD.holds(guard);
                if (entered) {
                    LIVE.add(process);
                    writePidFile(guard);
                }
            }
        }
        process.onExit().thenRun(() -> {
            LIVE.remove(process);
            synchronized (BOOKS) {
                currentGuard().ifPresent(Children::writePidFile);
            }
            closeGuardIfIdle();
        });
        return process;
    }

    /**
     * Keeps the guard while something other than a child needs sweeping should the lab die: the namespaces of a
     * split run, which outlive every child between two cells. Each hold is released once.
     */
    public static void hold() {
        synchronized (BOOKS) {
            holds++;
        }
        guard();
    }

    public static void release() {
        synchronized (BOOKS) {
            holds--;
        }
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
    static Optional<ProcessHandle> guardProcess() {
        return guard().orphanGuard().handle();
    }

    private static Guard guard() {
        return GUARD.get(Children::startGuard);
    }

    /** The guard now, if one is up; under {@link #BOOKS}, no one detaches it meanwhile. */
    private static Optional<Guard> currentGuard() {
        return GUARD.now();
    }

    /** A guard and its folder (null when the folder could not be made: the guard still sweeps the namespaces). */
    private record Guard(Path dir, OrphanGuard orphanGuard) {
        void close() {
            orphanGuard.close();
            if (dir != null) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                    Files.deleteIfExists(dir);
                } catch (IOException e) {
                    // A temp folder: at worst it stays.
                }
            }
        }
    }

    private static Guard startGuard() {
        Path guardDir = null;
        Path pids = Path.of("/dev/null");
        try {
            guardDir = Files.createTempDirectory("loomlab-children-");
            pids = guardDir.resolve("pids");
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
        return new Guard(guardDir, OrphanGuard.start("loomlab-children-guard", pids, OrphanGuard.PidFile.EVERY_LINE, "TERM",
                ORPHAN_GRACE, afterwards));
    }

    /**
     * Has the guard delete {@code folder} should the lab die without its own clean-up (SIGKILL): a folder of keys, of
     * sockets, or a load agent's on this machine. Its name must start with {@code loomlab-}; the owner deletes it as
     * usual otherwise. Needs the guard: call it while a child or a hold keeps it.
     */
    public static void sweepOnDeath(Path folder) {
        guard();
        if (!folder.getFileName().toString().startsWith("loomlab-")) {
            return;
        }
        synchronized (BOOKS) {
            currentGuard().map(Guard::dir).ifPresent(dir -> {
                try {
                    Files.writeString(dir.resolve(SWEEP), folder.toAbsolutePath() + "\n", StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                } catch (IOException e) {
                    System.getLogger(Children.class.getName()).log(System.Logger.Level.WARNING,
                            "the orphan guard will not sweep " + folder + ": " + e.getMessage());
                }
            });
        }
    }

    private static final String SWEEP = "sweep";

    /** Whole, or not at all: the guard may read it at any moment (the lab may die at any moment). Under {@link #BOOKS}. */
    private static void writePidFile(Guard guard) {
        Path dir = guard.dir();
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        String lines = LIVE.stream().filter(Process::isAlive).map(p -> OrphanGuard.line(p.toHandle()))
                .filter(l -> !l.isEmpty()).collect(Collectors.joining("\n", "", "\n"));
        try {
            Path tmp = dir.resolve("pids.tmp");
            Files.writeString(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve("pids"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            System.getLogger(Children.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot update the orphan guard's pid file: " + e.getMessage());
        }
    }

    /**
     * No child and no hold: the guard goes too, so that a lab that has nothing running leaves nothing running. It is
     * taken off the books under the lock and stopped outside it (stopping waits for its process).
     */
    private static void closeGuardIfIdle() {
        Optional<CompletableFuture<Guard>> idle;
        synchronized (BOOKS) {
            idle = LIVE.isEmpty() && holds == 0 ? GUARD.detach() : Optional.empty();
        }
        idle.ifPresent(Children::close);
    }

    private static void closeGuard() {
        Optional<CompletableFuture<Guard>> any;
        synchronized (BOOKS) {
            any = GUARD.detach();
        }
        any.ifPresent(Children::close);
    }

    /** Stops a guard taken off the books: now if it is up, else by whoever is starting it, once it is. */
    private static void close(CompletableFuture<Guard> guard) {
        guard.thenAccept(Guard::close);
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
