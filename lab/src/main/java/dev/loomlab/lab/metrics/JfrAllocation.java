package dev.loomlab.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The bytes a server allocated inside a window, from its flight recording: {@code jdk.ThreadAllocationStatistics}, the
 * JVM's exact per-thread allocated-bytes counters (in and outside TLABs; a virtual thread's allocations count on its
 * carrier), which the lab has JFR take every second. Every server stack is measured alike and none needs a change —
 * unlike Micrometer's {@code jvm.gc.memory.allocated}, which grows only at a GC and so counts whole young generations
 * or nothing in a short window.
 *
 * <p>Each period gives every live thread's running total; the process's total at that instant is the sum, with a
 * thread that has ended kept at its last total. The window's bytes are that total, linearly interpolated between
 * periods, at the window's end minus at its start.
 */
public final class JfrAllocation {
    static final String EVENT = "jdk.ThreadAllocationStatistics";
    /** How often the recording takes every thread's total; the server's recording settings use it. */
    public static final Duration PERIOD = Duration.ofSeconds(1);
    // JFR's clock and the lab's can differ by a few milliseconds; a period is due at most this much late
    private static final Duration SLACK = Duration.ofMillis(250);

    private JfrAllocation() {
    }

    /**
     * Waits until the recording has taken a period after {@code to}. A fixed period replaces the JVM's emission at a
     * chunk's end (JFR keeps one or the other), so a server stopped less than a period after its window ended leaves the
     * window's end unbracketed and its allocation unknown.
     */
    public static void awaitPeriodAfter(Instant to) throws InterruptedException {
        long wait = Duration.between(Instant.now(), to.plus(PERIOD).plus(SLACK)).toMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
    }

    /** Bytes allocated in [from, to]; empty when the recording is missing or holds no period on each side of the window. */
    public static OptionalDouble bytesBetween(Path recording, Instant from, Instant to) {
        if (recording == null || !Files.isRegularFile(recording)) {
            return OptionalDouble.empty();
        }
        // by period instant: each thread's running total seen in that period
        TreeMap<Instant, Map<Long, Long>> periods = new TreeMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (e.getEventType().getName().equals(EVENT)) {
                    RecordedThread t = e.getThread("thread");
                    if (t != null) {
                        periods.computeIfAbsent(e.getStartTime(), k -> new HashMap<>()).put(t.getId(), e.getLong("allocated"));
                    }
                }
            }
        } catch (IOException e) {
            return OptionalDouble.empty();
        }
        List<Instant> at = new ArrayList<>();
        List<Double> total = new ArrayList<>();
        Map<Long, Long> lastByThread = new HashMap<>();
        for (Map.Entry<Instant, Map<Long, Long>> period : periods.entrySet()) {
            lastByThread.putAll(period.getValue());
            at.add(period.getKey());
            total.add((double) lastByThread.values().stream().mapToLong(Long::longValue).sum());
        }
        if (at.isEmpty() || at.getFirst().isAfter(from) || at.getLast().isBefore(to)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.max(0, interpolate(at, total, to) - interpolate(at, total, from)));
    }

    private static double interpolate(List<Instant> at, List<Double> total, Instant when) {
        for (int i = 1; i < at.size(); i++) {
            if (!at.get(i).isBefore(when)) {
                double span = nanos(at.get(i - 1), at.get(i));
                double f = span <= 0 ? 1 : nanos(at.get(i - 1), when) / span;
                return total.get(i - 1) + f * (total.get(i) - total.get(i - 1));
            }
        }
        return total.getLast();
    }

    private static double nanos(Instant a, Instant b) {
        return Duration.between(a, b).toNanos();
    }
}
