package dev.loomlab.lab.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.lab.os.Taskset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How much CPU this machine gives the suite, against the machine a test's figure was measured on: a fixed CPU-bound
 * reference (SHA-256 over a fixed number of bytes on every core at once, the way a server start and its load share
 * both cores) timed here. A machine of this kind may be up to 4x slower than another, and {@code ./loomlab test --slow
 * N} runs the suite under a quota of 1/N of every core: both show here as a factor of about N. The figure is the best
 * of three timings: a busy moment makes one slower, never faster. Written here rather than with JMH: a test needs one
 * figure in half a second, not a benchmark's statistics.
 */
public final class MachineSpeed {
    /**
     * The reference's time on the machine the suite's figures were taken on (2 cores, 2026-11-28, idle; 0.48–0.49 s
     * over five timings, as this class measures it).
     */
    public static final Duration REFERENCE = Duration.ofMillis(485);
    private static final long BYTES_PER_CORE = 640L << 20;
    private static volatile Double factor;

    private MachineSpeed() {
    }

    /** This machine's time for the reference over {@link #REFERENCE}'s: 1 on the reference machine, 4 on one 4x slower. */
    public static double factor() {
        Double known = factor;
        if (known == null) {
            long best = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                best = Math.min(best, timeReference());
            }
            known = Math.max(1.0, best / (double) REFERENCE.toNanos());
            factor = known;
        }
        return known;
    }

    /** What the factor says of this machine, for a test's skip reason or its failure message. */
    public static String describe() {
        return String.format(Locale.ROOT, "this machine ran the CPU reference %.1fx slower than the machine the suite's figures "
                + "come from (%d ms)", factor(), REFERENCE.toMillis());
    }

    /**
     * Skips the calling test, with the measured factor as its reason, on a machine more than {@code slowest} times
     * slower than the reference: for a test that needs CPU headroom to show {@code what}. A test calls it before it
     * starts anything, or before the part that needs the headroom; the caller's constant says which figure chose it.
     */
    public static void assumeAtMost(double slowest, String what) {
        double f = factor();
        assumeTrue(f <= slowest, () -> describe() + "; " + what + " needs CPU headroom: a machine at most " + slowest + "x slower");
    }

    /** A time measured on the reference machine, as long as this machine needs for it (never shorter). */
    public static Duration scaled(Duration onReference) {
        return Duration.ofMillis(Math.round(onReference.toMillis() * factor()));
    }

    private static long timeReference() {
        // The machine's cores, not the JVM's count: under a quota the JVM counts the quota, and the reference must see
        // how much of every core is left.
        int cores = Taskset.machineCores();
        byte[] block = "loomlab reference block ".repeat(2731).getBytes(StandardCharsets.US_ASCII);
        ExecutorService pool = Executors.newFixedThreadPool(cores);
        try {
            long start = System.nanoTime();
            List<Future<byte[]>> parts = new ArrayList<>();
            for (int c = 0; c < cores; c++) {
                parts.add(pool.submit(() -> {
                    MessageDigest sha = MessageDigest.getInstance("SHA-256");
                    for (long done = 0; done < BYTES_PER_CORE; done += block.length) {
                        sha.update(block);
                    }
                    return sha.digest();
                }));
            }
            for (Future<byte[]> part : parts) {
                part.get();
            }
            return System.nanoTime() - start;
        } catch (Exception e) {
            throw new IllegalStateException("the CPU reference failed", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
