package dev.loomlab.lab.load;

import dev.loomlab.load.Workload;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;

/**
 * The window's figures from k6's {@code handleSummary} JSON: the {@code lab_*} metrics of the
 * cell script (window requests only), never k6's own {@code http_reqs} rate (whole run, graceful
 * stop included). As the Hyperfoil driver counts: TPS = 2xx that completed in the window / window;
 * requests, ok, errors and latency = requests started in the window; the achieved rate = requests
 * started in the window / window.
 */
record K6Summary(LoadSpec spec, String engineVersion, long sent, long completed, long ok, long okCompleted,
                 long completedInWindow, Map<String, Long> errors, long count, double minMs, double meanMs, double maxMs,
                 Map<String, Double> percentilesMs, long windowStartEpochMs, long droppedIterations) {

    static K6Summary parse(JsonNode summary, LoadSpec spec, String engineVersion) {
        JsonNode metrics = summary.path("metrics");
        if (!metrics.isObject()) {
            throw new LoadException("k6's summary has no metrics: not a handleSummary JSON");
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        errors.put("connect", counter(metrics, "lab_err_connect"));
        errors.put("timeout", counter(metrics, "lab_err_timeout"));
        errors.put("status4xx", counter(metrics, "lab_err_status4xx"));
        errors.put("status5xx", counter(metrics, "lab_err_status5xx"));
        errors.put("other", counter(metrics, "lab_err_other"));
        JsonNode latency = metrics.path("lab_latency").path("values");
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (String p : PercentileHistogram.GRID) {
            JsonNode v = latency.path("p(" + p + ")");
            if (v.isNumber()) {
                percentiles.put(p, v.asDouble());
            }
        }
        double windowStart = metrics.path("lab_window_start_ms").path("values").path("value").asDouble(0);
        return new K6Summary(spec, engineVersion, counter(metrics, "lab_sent"), counter(metrics, "lab_completed"),
                counter(metrics, "lab_ok"), counter(metrics, "lab_ok_completed"), counter(metrics, "lab_completed_in_window"), errors, latency.path("count").asLong(0), latency.path("min").asDouble(0),
                latency.path("avg").asDouble(0), latency.path("max").asDouble(0), percentiles,
                Math.round(windowStart), counter(metrics, "dropped_iterations"));
    }

    /** The same window with its latencies from a histogram of them in ns (the open model's, each from its true due instant). */
    K6Summary withLatencies(Histogram ns) {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (String p : PercentileHistogram.GRID) {
            percentiles.put(p, ns.getValueAtPercentile(Double.parseDouble(p)) / 1e6);
        }
        boolean none = ns.getTotalCount() == 0;
        return new K6Summary(spec, engineVersion, sent, completed, ok, okCompleted, completedInWindow, errors, ns.getTotalCount(),
                none ? 0 : ns.getMinValue() / 1e6, none ? 0 : ns.getMean() / 1e6, none ? 0 : ns.getMaxValue() / 1e6, percentiles,
                windowStartEpochMs, droppedIterations);
    }

    private static long counter(JsonNode metrics, String name) {
        return Math.round(metrics.path(name).path("values").path("count").asDouble(0));
    }

    double windowS() {
        return spec.duration().toMillis() / 1000.0;
    }

    double percentileMs(String p) {
        return count == 0 ? 0 : percentilesMs.getOrDefault(p, 0.0);
    }

    Histogram histogram() {
        return PercentileHistogram.rebuild(count, minMs, maxMs, percentilesMs);
    }

    /** Open model: arrivals planned in the window that k6 could not start (no free VU), as the Hyperfoil driver counts them. */
    long unsent() {
        return requestedRate() == null ? 0 : Math.max(0, Math.round(requestedRate() * windowS()) - sent);
    }

    /** The open model's rate, null for the closed model. */
    private Double requestedRate() {
        return spec.workload() instanceof Workload.Open open ? open.ratePerSec() : null;
    }

    LoadResult result(double driverCpuS) {
        double w = windowS();
        return new LoadResult(K6Engine.ID, engineVersion, w, completed, ok, w > 0 ? okCompleted / w : 0,
                new Latencies(percentileMs("50"), percentileMs("90"), percentileMs("99"), percentileMs("99.9"),
                        count == 0 ? 0 : maxMs, count == 0 ? 0 : meanMs), errors,
                requestedRate(), w > 0 ? sent / w : 0, unsent(), driverCpuS, "none (native k6)", null);
    }
}
