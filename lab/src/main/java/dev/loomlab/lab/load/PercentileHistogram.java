package dev.loomlab.lab.load;

import dev.loomlab.lab.os.AtomicWrite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The {@code .hlog} of an engine that keeps no per-request record the lab can read cheaply (k6
 * and wrk hold their latency histograms inside the process; k6 only writes every request out
 * through a per-sample output that costs it more CPU than the requests themselves, wrk's Lua
 * reads its histogram in quadratic time). Both answer any percentile exactly as they compute it,
 * so the lab asks for a dense grid — {@link #GRID}, 126 points from p1 to p99.999 — plus min and
 * max, and rebuilds a histogram whose percentiles at those points are the engine's own. The
 * percentile curve drawn from it is the engine's; what is lost is the shape between grid points
 * and the per-second intervals (one interval covers the window). The file says so in its header.
 */
public final class PercentileHistogram {
    /** Percentiles asked from the engines: 1..99, then 99.1..99.9, 99.91..99.99, 99.991..99.999. */
    public static final List<String> GRID = grid();

    static final long HIGHEST_TRACKABLE_NS = 3_600_000_000_000L;
    static final int SIGNIFICANT_DIGITS = 3;

    private PercentileHistogram() {
    }

    private static List<String> grid() {
        List<String> g = new ArrayList<>();
        for (int i = 1; i <= 99; i++) {
            g.add(String.valueOf(i));
        }
        for (String prefix : List.of("99.", "99.9", "99.99")) {
            for (int i = 1; i <= 9; i++) {
                g.add(prefix + i);
            }
        }
        return List.copyOf(g);
    }

    /**
     * A histogram of {@code count} values (ns) whose percentiles at the given points are the
     * given values: the samples between two grid points are placed at the upper one.
     *
     * @param percentilesMs percentile (0–100, as text from {@link #GRID}) to value in ms
     */
    public static Histogram rebuild(long count, double minMs, double maxMs, Map<String, Double> percentilesMs) {
        Histogram h = new Histogram(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
        if (count <= 0) {
            return h;
        }
        TreeMap<Double, Double> points = new TreeMap<>();
        percentilesMs.forEach((p, v) -> {
            if (v != null && !v.isNaN()) {
                points.put(Double.parseDouble(p), v);
            }
        });
        h.recordValue(ns(minMs));
        long recorded = 1;
        double floor = minMs;
        for (Map.Entry<Double, Double> e : points.entrySet()) {
            // HdrHistogram's percentile p is the value at which the count reaches ceil(p% of count).
            long rank = Math.min(count - 1, (long) Math.ceil(count * e.getKey() / 100.0 - 1e-9));
            floor = Math.max(floor, Math.min(e.getValue(), maxMs));
            if (rank > recorded) {
                h.recordValueWithCount(ns(floor), rank - recorded);
                recorded = rank;
            }
        }
        if (count > recorded) {
            h.recordValueWithCount(ns(maxMs), count - recorded);
        }
        return h;
    }

    private static long ns(double ms) {
        return Math.max(0, Math.min(HIGHEST_TRACKABLE_NS, Math.round(ms * 1e6)));
    }

    /** Writes {@code <dir>/<name>.hlog}: one interval for the measured window, with a header saying how it was made. */
    public static Path write(Path dir, String name, Histogram h, long windowStartEpochMs, long windowEndEpochMs,
                             List<String> comments) {
        h.setStartTimeStamp(windowStartEpochMs);
        h.setEndTimeStamp(windowEndEpochMs);
        return writeLog(dir, name, List.of(h), windowStartEpochMs, comments, "loomlab: units=nanoseconds (response time); rebuilt from"
                + " the engine's own percentiles at " + (GRID.size() + 2) + " points (min, p1..p99.999, max): exact at those points,"
                + " one interval for the whole window");
    }

    /**
     * Writes {@code <dir>/<name>.hlog} in the driver's format: the {@code comments}, then {@code how} the intervals were made,
     * then the intervals (their time stamps already set) from {@code startEpochMs}.
     */
    static Path writeLog(Path dir, String name, List<Histogram> intervals, long startEpochMs, List<String> comments, String how) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(ps);
            for (String c : comments) {
                writer.outputComment(c);
            }
            writer.outputComment(how);
            writer.outputLogFormatVersion();
            writer.setBaseTime(startEpochMs);
            writer.outputBaseTime(startEpochMs);
            writer.outputStartTime(startEpochMs);
            writer.outputLegend();
            intervals.forEach(writer::outputIntervalHistogram);
        }
        Path file = dir.resolve(name + ".hlog");
        AtomicWrite.write(file, bytes.toString(StandardCharsets.UTF_8));
        return file;
    }
}
