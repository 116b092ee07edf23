package dev.loomlab.driver;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.http.statistics.HttpStats;

/**
 * The stdout protocol: one JSON object per line, about once a second, then one {@code done} line.
 * Hyperfoil publishes a second's requests once they are complete, so these lines lag the load by
 * a second or two; they are for watching a run, the files are the result.
 */
final class Progress implements HyperfoilEngine.TickListener {
    private final PrintStream out;
    private final long warmupMs;
    private final long phaseMs;
    private long lastElapsedMs;
    private long requests;
    private long errors;

    Progress(PrintStream out, LoadSpec spec) {
        this.out = out;
        this.warmupMs = spec.warmupMs();
        this.phaseMs = spec.warmupMs() + spec.durationMs();
    }

    @Override
    public synchronized void onTick(long elapsedMs, StatisticsSnapshot delta) {
        long done = WindowSummary.completed(delta);
        HttpStats http = HttpStats.get(delta);
        long ok = http.status_2xx;
        requests += done;
        errors += done - ok;
        double seconds = Math.max(0.001, (elapsedMs - lastElapsedMs) / 1000.0);
        lastElapsedMs = elapsedMs;
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("phase", elapsedMs < warmupMs ? "warmup" : elapsedMs < phaseMs ? "measure" : "drain");
        line.put("elapsedS", ResultFiles.round3(elapsedMs / 1000.0));
        line.put("tps", ResultFiles.round3(ok / seconds));
        line.put("requests", requests);
        line.put("errors", errors);
        print(line);
    }

    synchronized void done(Map<String, Object> line) {
        print(line);
    }

    private void print(Map<String, Object> line) {
        try {
            out.println(ResultFiles.JSON.writeValueAsString(line));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
