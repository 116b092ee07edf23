package dev.loomlab.lab.os;

import dev.loomlab.load.Protocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * How fast this machine's CPUs are, timed before the first cell so that runs on different machines can be told apart
 * (machines of one kind differ up to 4x): a fixed CPU-bound reference — {@code sha256sum} of {@link Protocol#CALIBRATION_MIB} MiB of zeros,
 * native code with no JIT to warm — on the server's CPUs and on the driver's, best of {@link Protocol#CALIBRATION_TRIES}. Timed as the
 * CPU seconds (user and system) of {@code sha256sum} alone, as a subshell's {@code times} reports its children, not as
 * wall time: CPU time holds better when other work shares the core (128 MiB: 0.93–0.98 s of CPU with two test suites
 * beside it, wall time 1.03–1.47 s), though not exactly (96 MiB: 0.62–0.71 s then).
 *
 * @param serverCpuS user CPU seconds of the reference on the server's CPUs
 * @param driverCpuS the same on the load driver's CPUs
 * @param at when it was timed
 */
public record Calibration(double serverCpuS, double driverCpuS, Instant at) {
    /** What the figures are, as the manifest and the summary say it. */
    public static final String REFERENCE = "sha256sum of " + Protocol.CALIBRATION_MIB + " MiB of zeros, CPU seconds, best of " + Protocol.CALIBRATION_TRIES;
    /**
     * How long one process reuses a timing for runs on the same CPUs: a user's run times the machine once, but a test
     * suite runs about fifty runs in one JVM, and 1.5 s each was a minute of the suite for one figure that does not
     * change in minutes. The manifest says when the figure was timed.
     */
    static final Duration REUSED_FOR = Duration.ofMinutes(10);

    private static final Map<CpuLayout, Calibration> LAST = new ConcurrentHashMap<>();

    /** The last timing on these CPUs if taken within {@link #REUSED_FOR}, else a fresh one ({@link #measure}). */
    public static Optional<Calibration> recent(CpuLayout cpus) {
        Calibration last = LAST.get(cpus);
        if (last != null && Duration.between(last.at(), Instant.now()).compareTo(REUSED_FOR) < 0) {
            return Optional.of(last);
        }
        // measured outside any lock: two runs starting at once may both time the machine, and the later one is kept
        Optional<Calibration> fresh = measure(cpus);
        fresh.ifPresent(c -> LAST.put(cpus, c));
        return fresh;
    }

    /** The reference timed on the layout's server and driver CPUs at once (each on its own cores); empty where it cannot run. */
    public static Optional<Calibration> measure(CpuLayout cpus) {
        // a thread of its own, not the common pool: on two cores that pool has one worker, and a task already holding it
        // (a test's watcher waiting for this run's driver) would hold the run's start until it gave up
        CompletableFuture<Optional<Double>> server = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("loomlab-calibration").start(() -> server.complete(best(cpus, cpus.server())));
        Optional<Double> driver = best(cpus, cpus.driver());
        Optional<Double> serverS = server.join();
        return serverS.isPresent() && driver.isPresent()
                ? Optional.of(new Calibration(serverS.get(), driver.get(), Instant.now())) : Optional.empty();
    }

    /**
     * The reference timed once on the server's CPUs ({@link Protocol#CELL_REFERENCE_MIB} MiB), before a cell starts its
     * server: what the CPUs ran at for that cell. Empty where it cannot run.
     */
    public static Optional<Double> cellReference(CpuLayout cpus) {
        return once(cpus, cpus.server(), Protocol.CELL_REFERENCE_MIB);
    }

    /** As the manifest's {@code machine} records it. */
    public Map<String, String> entries() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("calibrationServerS", String.format(Locale.ROOT, "%.3f", serverCpuS));
        m.put("calibrationDriverS", String.format(Locale.ROOT, "%.3f", driverCpuS));
        m.put("calibration", REFERENCE);
        m.put("calibratedAt", at.truncatedTo(ChronoUnit.SECONDS).toString());
        return m;
    }

    private static Optional<Double> best(CpuLayout layout, String cpus) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < Protocol.CALIBRATION_TRIES; i++) {
            Optional<Double> once = once(layout, cpus, Protocol.CALIBRATION_MIB);
            if (once.isEmpty()) {
                return Optional.empty();
            }
            best = Math.min(best, once.get());
        }
        return Optional.of(best);
    }

    /** {@code times}' spelling, {@code 1m2.340000s}. */
    private static double seconds(String text) {
        int m = text.indexOf('m');
        return Double.parseDouble(text.substring(0, m)) * 60 + Double.parseDouble(text.substring(m + 1, text.length() - 1));
    }

    private static Optional<Double> once(CpuLayout layout, String cpus, int mib) {
        String hash = String.join(" ", Taskset.prefix(layout, cpus, List.of("sha256sum")));
        // the subshell's children are sha256sum alone: head's copying is not counted
        List<String> command = new ArrayList<>(List.of("sh", "-c", "head -c " + mib + "M /dev/zero | (" + hash + " >/dev/null; times)"));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return Optional.empty();
            }
            // times: the shell's own user and system time, then its children's ("0m0.950000s 0m0.120000s")
            String[] lines = out.trim().split("\n");
            String[] children = lines[lines.length - 1].trim().split("\\s+");
            return Optional.of(seconds(children[0]) + seconds(children[1]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
