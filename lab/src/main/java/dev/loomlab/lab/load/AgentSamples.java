package dev.loomlab.lab.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One agent's requests as its k6 instance wrote them, one CSV row each ({@code --out csv}, time format
 * {@code unix_micro}): the cell script ({@code engines/k6-agent.js}) adds one sample per request to a metric named for
 * its outcome ({@code lab_r_ok}, {@code lab_r_status4xx}, …), whose value is the response time in ms and whose
 * timestamp is the completion; and once the instant its measured window opens ({@code lab_window_start_ms}, on the
 * agent's clock). Counted as every engine counts: requests, 2xx, errors and latency of the requests started in the
 * window; throughput by completion (2xx that completed in the window, per second too). The histogram holds every
 * sample — not a percentile grid — so that several agents' histograms add up exactly.
 *
 * @param okPerSecond 2xx completions in each second of the window
 * @param okWholeRun  every 2xx of the run, warm-up and drain included (the write check counts rows against it)
 */
record AgentSamples(long windowStartEpochMs, long requests, long ok, long okCompleted, Map<String, Long> errors,
                    Histogram histogram, List<Long> okPerSecond, long okWholeRun) {

    static final String WINDOW_START = "lab_window_start_ms";
    static final String PREFIX = "lab_r_";
    /** Outcomes with a status: their response time is a latency (k6 has timings only for answered requests). */
    private static final List<String> ANSWERED = List.of("ok", "status4xx", "status5xx", "other");
    private static final List<String> ERRORS = List.of("connect", "timeout", "status4xx", "status5xx", "other");

    /** A request: its outcome, its completion and its value (ms from its due instant), and in the open model its send. */
    private record Row(String outcome, long completedUs, double valueMs, Optional<K6SendMetadata> sent) {
    }

    /**
     * Reads the CSV, skipping k6's own metrics but its dropped iterations; {@code windowMs} is the measured window's
     * length, {@code ratePerSec} this agent's share of the open model's rate (0 in the closed model). In the open model
     * each value is timed again from the request's true slot: the agent's k6 drops slots of its own segment as a lone
     * k6 does ({@link K6DroppedIterations}), each a 1 / its share of the rate.
     */
    static AgentSamples read(BufferedReader csv, long windowMs, double ratePerSec) throws IOException {
        String header = csv.readLine();
        if (header == null || !header.startsWith("metric_name,timestamp,metric_value")) {
            throw new LoadException("the agent's k6 wrote no sample CSV (header: " + header + ")");
        }
        long windowStart = -1;
        List<Row> rows = new ArrayList<>();
        List<Long> drops = new ArrayList<>();
        for (String line; (line = csv.readLine()) != null; ) {
            if (line.startsWith(K6CellSamples.DROPPED + ",")) {
                drops.add(Long.parseLong(K6CellSamples.field(line, 1)));
                continue;
            }
            if (!line.startsWith("lab_")) {
                continue;
            }
            int a = line.indexOf(',');
            int b = line.indexOf(',', a + 1);
            int c = line.indexOf(',', b + 1);
            String metric = line.substring(0, a);
            double value = Double.parseDouble(line.substring(b + 1, c < 0 ? line.length() : c));
            if (metric.equals(WINDOW_START)) {
                windowStart = Math.round(value);
            } else if (metric.startsWith(PREFIX)) {
                rows.add(new Row(metric.substring(PREFIX.length()), Long.parseLong(line.substring(a + 1, b)), value, K6SendMetadata.of(line)));
            }
        }
        if (windowStart < 0) {
            throw new LoadException("the agent's k6 sent no request (no window start in its samples)");
        }
        if (ratePerSec > 0) {
            K6DroppedIterations dropped = K6DroppedIterations.of(drops.stream().mapToLong(Long::longValue).toArray(), ratePerSec);
            rows = rows.stream().map(r -> r.sent().map(m -> new Row(r.outcome(), r.completedUs(),
                    dropped.latencyMs(r.valueMs(), m.lateMs(), m.issuedMs()), r.sent())).orElse(r)).toList();
        }
        return count(rows, windowStart, windowMs);
    }

    private static AgentSamples count(List<Row> rows, long windowStart, long windowMs) {
        double from = windowStart;
        double to = windowStart + windowMs;
        Histogram h = new Histogram(PercentileHistogram.HIGHEST_TRACKABLE_NS, PercentileHistogram.SIGNIFICANT_DIGITS);
        long[] perSecond = new long[(int) Math.ceil(windowMs / 1000.0)];
        Map<String, Long> errors = new LinkedHashMap<>();
        ERRORS.forEach(e -> errors.put(e, 0L));
        long requests = 0;
        long ok = 0;
        long okCompleted = 0;
        long okWholeRun = 0;
        for (Row r : rows) {
            double completed = r.completedUs() / 1000.0;
            double started = completed - r.valueMs();
            boolean isOk = r.outcome().equals("ok");
            if (isOk) {
                okWholeRun++;
                if (completed >= from && completed < to) {
                    okCompleted++;
                    perSecond[(int) ((completed - from) / 1000)]++;
                }
            }
            if (started < from || started >= to) {
                continue;
            }
            requests++;
            if (isOk) {
                ok++;
            } else {
                // a request that failed without a status is "other" as the other engines count it
                errors.merge(r.outcome().equals("failed") ? "other" : r.outcome(), 1L, Long::sum);
            }
            if (ANSWERED.contains(r.outcome())) {
                h.recordValue(Math.max(0, Math.min(PercentileHistogram.HIGHEST_TRACKABLE_NS, Math.round(r.valueMs() * 1e6))));
            }
        }
        List<Long> series = new ArrayList<>();
        for (long n : perSecond) {
            series.add(n);
        }
        return new AgentSamples(windowStart, requests, ok, okCompleted, errors, h, List.copyOf(series), okWholeRun);
    }
}
