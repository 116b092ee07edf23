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
 * thread that has ended kept at its last total. The window's bytes are that total at the window's end minus at its
 * start, each estimated between the periods around it (see {@link #totalAt}).
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
        return between(at, total, from, to);
    }

    /**
     * Bytes allocated in [from, to], given the process's running total at instants {@code at} (ascending); empty
     * unless a total was taken at or before {@code from} and one at or after {@code to}.
     */
    static OptionalDouble between(List<Instant> at, List<Double> total, Instant from, Instant to) {
        if (at.isEmpty() || at.getFirst().isAfter(from) || at.getLast().isBefore(to)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.max(0, totalAt(at, total, to, from, to) - totalAt(at, total, from, from, to)));
    }

    /**
     * The running total at {@code edge}, one of the window's two ends. The load is steady inside the window but not
     * across its ends — it stops at the window's end and may differ in the warm-up — so a straight line between the two
     * periods around an edge would spread the bytes of the window's side over the other side too: measured, a 10 s
     * window whose load stopped at its end read up to 4.7 % under a 30 s window of the same load that way (0.6 % at
     * most with the estimate below). The part of that period inside the window is given the rate of the window's whole
     * period next to it instead, kept between the two totals around the edge (the counters only grow). A window with no
     * whole period inside it falls back to the straight line.
     */
    private static double totalAt(List<Instant> at, List<Double> total, Instant edge, Instant from, Instant to) {
        int after = 0;
        while (at.get(after).isBefore(edge)) {
            after++;
        }
        if (!at.get(after).isAfter(edge) || after == 0) {
            return total.get(after);
        }
        int before = after - 1;
        double low = total.get(before);
        double high = total.get(after);
        double estimate;
        if (edge.equals(to) && before >= 1 && !at.get(before - 1).isBefore(from)) {
            // on from the last total inside the window at the rate of its last whole period
            estimate = low + rate(at, total, before - 1, before) * nanos(at.get(before), edge);
        } else if (edge.equals(from) && after + 1 < at.size() && !at.get(after + 1).isAfter(to)) {
            // back from the first total inside the window at the rate of its first whole period
            estimate = high - rate(at, total, after, after + 1) * nanos(edge, at.get(after));
        } else {
            estimate = low + (high - low) * nanos(at.get(before), edge) / nanos(at.get(before), at.get(after));
        }
        return Math.min(high, Math.max(low, estimate));
    }

    /** Bytes per nanosecond between the totals {@code i} and {@code j}. */
    private static double rate(List<Instant> at, List<Double> total, int i, int j) {
        return (total.get(j) - total.get(i)) / nanos(at.get(i), at.get(j));
    }

    private static double nanos(Instant a, Instant b) {
        return Duration.between(a, b).toNanos();
    }
}
