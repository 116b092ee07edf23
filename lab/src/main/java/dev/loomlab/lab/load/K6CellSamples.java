package dev.loomlab.lab.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The open model's window latencies from the samples a lone k6 writes ({@code --out csv}, time format
 * {@code unix_micro}): each {@code lab_latency} sample of {@code engines/k6-cell.js} carries its send and lateness as
 * metadata ({@code issued=…&late=…}), and k6's own {@code dropped_iterations} samples say when it dropped a slot of the
 * schedule. k6's summary holds the same latencies uncorrected; this histogram times each from its true due instant
 * ({@link K6DroppedIterations}).
 */
final class K6CellSamples {
    static final String LATENCY = "lab_latency";
    static final String DROPPED = "dropped_iterations";

    private record Sample(double latencyMs, double lateMs, long issuedMs) {
    }

    private K6CellSamples() {
    }

    static Histogram latencies(BufferedReader csv, double ratePerSec) throws IOException {
        String header = csv.readLine();
        if (header == null || !header.startsWith("metric_name,timestamp,metric_value") || !header.endsWith(",metadata")) {
            throw new LoadException("k6 wrote no sample CSV with metadata (header: " + header + ")");
        }
        List<Sample> samples = new ArrayList<>();
        List<Long> drops = new ArrayList<>();
        for (String line; (line = csv.readLine()) != null; ) {
            if (line.startsWith(DROPPED + ",")) {
                drops.add(Long.parseLong(field(line, 1)));
            } else if (line.startsWith(LATENCY + ",")) {
                samples.add(sample(line));
            }
        }
        K6DroppedIterations dropped = K6DroppedIterations.of(drops.stream().mapToLong(Long::longValue).toArray(), ratePerSec);
        Histogram h = new Histogram(PercentileHistogram.HIGHEST_TRACKABLE_NS, PercentileHistogram.SIGNIFICANT_DIGITS);
        for (Sample s : samples) {
            double ms = dropped.latencyMs(s.latencyMs(), s.lateMs(), s.issuedMs());
            h.recordValue(Math.max(0, Math.min(PercentileHistogram.HIGHEST_TRACKABLE_NS, Math.round(ms * 1e6))));
        }
        return h;
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
