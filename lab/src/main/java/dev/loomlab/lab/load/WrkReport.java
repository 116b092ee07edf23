package dev.loomlab.lab.load;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;

/**
 * What {@code engines/wrk-cell.lua} wrote for one wrk invocation. Requests, 2xx and statuses are
 * the responses that completed inside the window; wrk's socket errors and timeouts are its
 * counters for the whole invocation (it does not time-stamp them); latency is wrk's histogram of
 * the whole invocation, CO-corrected (see {@link WrkEngine}).
 */
record WrkReport(double windowS, long completed, long ok, long status4xx, long status5xx, long statusOther,
                 long connect, long read, long write, long timeout, long invocationRequests, double invocationS,
                 long recorded, double minMs, double meanMs, double maxMs, Map<String, Double> percentilesMs,
                 long windowStartEpochMs, long windowEndEpochMs) {

    static WrkReport parse(JsonNode r) {
        if (!r.path("engine").asString("").equals("wrk")) {
            throw new LoadException("not a loomlab wrk report");
        }
        JsonNode w = r.path("window");
        JsonNode e = r.path("errors");
        JsonNode l = r.path("latencyUs");
        long recorded = l.path("recorded").asLong(0);
        Map<String, Double> percentiles = new LinkedHashMap<>();
        l.path("percentiles").properties().forEach(p -> percentiles.put(p.getKey(), p.getValue().asDouble() / 1000.0));
        long start = w.path("startEpochMs").asLong();
        long end = w.path("endEpochMs").asLong();
        return new WrkReport((end - start) / 1000.0, w.path("completed").asLong(), w.path("ok").asLong(),
                w.path("status4xx").asLong(), w.path("status5xx").asLong(), w.path("statusOther").asLong(),
                e.path("connect").asLong(), e.path("read").asLong(), e.path("write").asLong(), e.path("timeout").asLong(),
                r.path("requests").asLong(), r.path("durationUs").asDouble() / 1e6, recorded,
                recorded > 0 ? l.path("min").asDouble() / 1000.0 : 0, recorded > 0 ? l.path("mean").asDouble() / 1000.0 : 0,
                recorded > 0 ? l.path("max").asDouble() / 1000.0 : 0, percentiles, start, end);
    }

    double percentileMs(String p) {
        return recorded == 0 ? 0 : percentilesMs.getOrDefault(p, 0.0);
    }

    /**
     * Errors by the lab's kinds: wrk's connect, read and write errors are all socket failures
     * ({@code connect}, as Hyperfoil counts a reset connection); {@code timeout} counts the
     * responses that arrived after the timeout (wrk does not abort a request: one that never
     * answers is counted nowhere); 1xx/3xx statuses are {@code other}.
     */
    Map<String, Long> errors() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("connect", connect + read + write);
        m.put("timeout", timeout);
        m.put("status4xx", status4xx);
        m.put("status5xx", status5xx);
        m.put("other", statusOther);
        return m;
    }

    Histogram histogram() {
        return PercentileHistogram.rebuild(recorded, minMs, maxMs, percentilesMs);
    }

    LoadResult result(String engineVersion, double driverCpuS) {
        double s = windowS;
        return new LoadResult(WrkEngine.ID, engineVersion, s, completed, ok, s > 0 ? ok / s : 0,
                new Latencies(percentileMs("50"), percentileMs("90"), percentileMs("99"), percentileMs("99.9"), maxMs, meanMs),
                errors(), null, s > 0 ? completed / s : 0, 0, driverCpuS, "none (native wrk)", null);
    }
}
