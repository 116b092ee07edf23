package dev.loomlab.lab.run;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Checks that fail fast, before anything starts, each with one line saying what to do:
 * every failure here is a {@link PlanException} (exit code 2).
 */
public final class Preflight {
    private Preflight() {
    }

    /** The most connections the driver opens in the open model. */
    static final int OPEN_MODEL_CONNECTIONS = 8000;

    /** One file descriptor per connection the workload opens (the open model: its connection cap). */
    private static int openFilesNeeded(Workload workload) {
        return switch (workload) {
            case Workload.Open o -> OPEN_MODEL_CONNECTIONS;
            case Workload.Burst b -> b.requests();
            case Workload.Closed c -> c.vus();
        };
    }

    public static void check(Plan plan, Path resultsDir, Jdk jdk, OptionalLong openFilesLimit) {
        if (!jdk.hasVirtualThreads()) {
            throw new PlanException("the servers need JDK 21+, but the lab runs on " + jdk.describe()
                    + ": set JAVA_HOME to a JDK 21+ (./loomlab finds one itself)");
        }
        checkOpenFiles(openFilesNeeded(plan.workload()), openFilesLimit);
        checkWritable(resultsDir);
        sweepLeftovers();
        for (var model : plan.models()) {
            LabHome.serverJar(model);
        }
        if (plan.engine().equals("hyperfoil")) {
            LabHome.driverJar();
        }
    }

    /**
     * Deletes the network namespaces, bridges and links a lab killed before its guard could sweep them left behind
     * (their names hold its pid, which no process has any more): a run never starts among a dead run's links. Says
     * what it deleted, on stderr.
     */
    static LabNamespaces.Swept sweepLeftovers() {
        LabNamespaces.Swept swept = LabNamespaces.sweepOrphans();
        if (!swept.isEmpty()) {
            System.err.println("loomlab: deleted " + swept.namespaces().size() + " network namespace(s) and "
                    + swept.links().size() + " link(s) left by lab pid " + swept.labs() + ", which no longer runs");
        }
        return swept;
    }

    /** Target mode: no server jars needed, only the load's own limits and the output folder. */
    public static void checkTarget(Plan plan, Path resultsDir, OptionalLong openFilesLimit) {
        checkOpenFiles(openFilesNeeded(plan.workload()), openFilesLimit);
        checkWritable(resultsDir);
        if (plan.engine().equals("hyperfoil")) {
            LabHome.driverJar();
        }
    }

    /** Each virtual user holds a socket in the driver and one in the server; both inherit the lab's limit. */
    static void checkOpenFiles(int vus, OptionalLong limit) {
        long needed = (long) vus + Defaults.FD_HEADROOM;
        if (limit.isPresent() && limit.getAsLong() < needed) {
            throw new PlanException("the open-files limit " + limit.getAsLong() + " is too low for " + vus
                    + " VUs: run 'ulimit -n " + roundUp(needed) + "' (or higher) in this shell first");
        }
    }

    static void checkWritable(Path resultsDir) {
        try {
            Files.createDirectories(resultsDir);
            Path probe = Files.createTempFile(resultsDir, ".write-probe", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new PlanException("the output folder " + resultsDir.toAbsolutePath() + " is not writable ("
                    + e.getClass().getSimpleName() + "): choose another with --out");
        }
    }

    /** A fixed port someone else holds would only show as a server that never got ready: say so first. */
    public static void checkPortFree(int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(false);
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new PlanException("port " + port + " on 127.0.0.1 is busy (another process listens there): "
                    + "choose another with --port, or --port 0 for a free one");
        }
    }

    /** The soft limit on open files of this process, from /proc/self/limits. */
    public static OptionalLong openFilesLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(soft));
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or unreadable: nothing to check against.
        }
        return OptionalLong.empty();
    }

    private static long roundUp(long n) {
        long p = 1024;
        while (p < n) {
            p *= 2;
        }
        return p;
    }
}
