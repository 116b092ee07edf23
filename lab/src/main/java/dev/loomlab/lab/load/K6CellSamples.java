package dev.loomlab.lab.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The window's requests from the samples a lone k6 writes ({@code --out csv}, time format {@code unix_micro}): each
 * {@code lab_latency} sample of {@code engines/k6-cell.js} carries its send and lateness as metadata
 * ({@code issued=…&late=…}), and k6's own {@code dropped_iterations} samples say when it dropped a slot of the open model's
 * schedule. k6's summary holds the same latencies uncorrected; this histogram times each from its true due instant
 * ({@link K6DroppedIterations}). The same rows give the window's seconds, counted as the Hyperfoil driver counts them:
 * each second's latencies by the second its request was due in, its 2xx and errors by the second they completed in
 * ({@code lab_ok_completed}, {@code lab_completed_in_window}, timed by k6 when the script adds them).
 */
final class K6CellSamples {
    static final String LATENCY = "lab_latency";
    static final String DROPPED = "dropped_iterations";
    static final String OK_COMPLETED = "lab_ok_completed";
    static final String COMPLETED = "lab_completed_in_window";

    private record Sample(double latencyMs, double lateMs, long issuedMs) {
    }

    /**
     * The window's latencies, and its seconds when asked.
     *
     * @param total     every window request's latency (ns)
     * @param latencies each second's (ns), by the second the request was due in
     * @param ok        each second's 2xx completions
     * @param errors    each second's other completions (errors and timeouts)
     */
    record Window(Histogram total, List<Histogram> latencies, List<Long> ok, List<Long> errors) {
    }

    private K6CellSamples() {
    }

    /** The window's latencies alone (no seconds). */
    static Histogram latencies(BufferedReader csv, double ratePerSec) throws IOException {
        return read(csv, ratePerSec, 0, 0).total();
    }

    /**
     * The window of {@code windowMs} that opened at {@code windowStartMs} (epoch ms), {@code ratePerSec} the open model's
     * rate (0 in the closed model: nothing dropped).
     */
    static Window read(BufferedReader csv, double ratePerSec, long windowStartMs, long windowMs) throws IOException {
        String header = csv.readLine();
        if (header == null || !header.startsWith("metric_name,timestamp,metric_value") || !header.endsWith(",metadata")) {
            throw new LoadException("k6 wrote no sample CSV with metadata (header: " + header + ")");
        }
        int seconds = (int) Math.ceil(windowMs / 1000.0);
        long[] ok = new long[seconds];
        long[] completed = new long[seconds];
        List<Sample> samples = new ArrayList<>();
        List<Long> drops = new ArrayList<>();
        for (String line; (line = csv.readLine()) != null; ) {
            if (line.startsWith(DROPPED + ",")) {
                drops.add(Long.parseLong(field(line, 1)));
            } else if (line.startsWith(LATENCY + ",")) {
                samples.add(sample(line));
            } else if (line.startsWith(OK_COMPLETED + ",")) {
                count(ok, Long.parseLong(field(line, 1)) / 1000.0 - windowStartMs);
            } else if (line.startsWith(COMPLETED + ",")) {
                count(completed, Long.parseLong(field(line, 1)) / 1000.0 - windowStartMs);
            }
        }
        K6DroppedIterations dropped = K6DroppedIterations.of(drops.stream().mapToLong(Long::longValue).toArray(), ratePerSec);
        Histogram total = histogram();
        List<Histogram> perSecond = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            perSecond.add(histogram());
        }
        for (Sample s : samples) {
            // the closed model has no schedule to drop from
            double ms = ratePerSec > 0 ? dropped.latencyMs(s.latencyMs(), s.lateMs(), s.issuedMs()) : s.latencyMs();
            long ns = Math.max(0, Math.min(PercentileHistogram.HIGHEST_TRACKABLE_NS, Math.round(ms * 1e6)));
            total.recordValue(ns);
            double second = Math.floor((s.issuedMs() - s.lateMs() - windowStartMs) / 1000);
            if (second >= 0 && second < seconds) {
                perSecond.get((int) second).recordValue(ns);
            }
        }
        List<Long> oks = new ArrayList<>();
        List<Long> errors = new ArrayList<>();
        for (int i = 0; i < seconds; i++) {
            oks.add(ok[i]);
            errors.add(Math.max(0, completed[i] - ok[i]));
        }
        return new Window(total, List.copyOf(perSecond), List.copyOf(oks), List.copyOf(errors));
    }

    private static void count(long[] perSecond, double sinceWindowStartMs) {
        double second = Math.floor(sinceWindowStartMs / 1000);
        if (second >= 0 && second < perSecond.length) {
            perSecond[(int) second]++;
        }
    }

    private static Histogram histogram() {
        return new Histogram(PercentileHistogram.HIGHEST_TRACKABLE_NS, PercentileHistogram.SIGNIFICANT_DIGITS);
    }

    private static Sample sample(String line) {
        K6SendMetadata sent = K6SendMetadata.of(line)
                .orElseThrow(() -> new LoadException("a k6 latency sample without its send and lateness: " + line));
        return new Sample(Double.parseDouble(field(line, 2)), sent.lateMs(), sent.issuedMs());
    }

    static String field(String line, int index) {
        int from = 0;
        for (int i = 0; i < index; i++) {
            from = line.indexOf(',', from) + 1;
        }
        int to = line.indexOf(',', from);
        return to < 0 ? line.substring(from) : line.substring(from, to);
    }
}
