package dev.loomlab.lab.cell;

import dev.loomlab.lab.metrics.Prometheus;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.scenario.Bulkhead;
import dev.loomlab.scenario.PerThreadCache;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the pitfall scenarios need measured around a cell, beyond the load's own figures: the
 * server's counters at the window's start and end (bulkhead refusals, pool timeouts, ThreadLocal
 * caches built, bytes allocated), and for {@code write} the rows the cell wrote against the
 * successful responses. Everything lands in the cell's {@code metrics}; a write mismatch fails the cell.
 */
final class PitfallChecks {
    static final String BULKHEAD_REFUSED = Bulkhead.PROMETHEUS;
    static final String POOL_TIMEOUTS = "hikaricp_connections_timeout_total";
    static final String CACHES_CREATED = PerThreadCache.PROMETHEUS;
    static final String ALLOCATED = "jvm_gc_memory_allocated_bytes_total";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Scenario scenario;
    private final String baseUrl;
    private final String managementUrl;
    private Map<String, Double> atStart = Map.of();
    private long startNanos;
    private Long rowsBefore;

    PitfallChecks(Scenario scenario, String baseUrl, String managementUrl) {
        this.scenario = scenario;
        this.baseUrl = baseUrl;
        this.managementUrl = managementUrl;
    }

    boolean writes() {
        return scenario.id().equals(Scenarios.WRITE.id());
    }

    /** Before the load (after the contract check, whose own POST wrote a row). */
    void beforeLoad() {
        if (writes()) {
            rowsBefore = rows().orElse(null);
        }
    }

    void windowOpens() {
        atStart = counters();
        startNanos = System.nanoTime();
    }

    /** The counters' growth over the window, by the names {@code docs/results.md} lists. */
    Map<String, Double> windowCloses() {
        Map<String, Double> end = counters();
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        Map<String, Double> m = new LinkedHashMap<>();
        delta(end, BULKHEAD_REFUSED).ifPresent(v -> m.put("bulkheadRefused", v));
        delta(end, POOL_TIMEOUTS).ifPresent(v -> m.put("poolTimeoutsInWindow", v));
        delta(end, CACHES_CREATED).ifPresent(v -> m.put("threadLocalCachesCreated", v));
        delta(end, ALLOCATED).ifPresent(bytes -> {
            m.put("allocatedMbInWindow", bytes / 1e6);
            if (seconds > 0) {
                m.put("allocatedMbPerS", bytes / 1e6 / seconds);
            }
        });
        return m;
    }

    /** The window's allocation divided by the requests the load counted in the same window. */
    static void perRequest(Map<String, Double> metrics, long requests) {
        Double mb = metrics.get("allocatedMbInWindow");
        if (mb != null && requests > 0) {
            metrics.put("allocatedKbPerRequest", mb * 1000 / requests);
        }
    }

    /**
     * After the load: the rows written must equal the 2xx responses over the whole run (warm-up
     * included). Waits one service time first, so a request still sleeping when the driver stopped
     * has written before the count. Returns the failure reason, or empty when the counts agree or
     * cannot be read (then the metrics say which is missing).
     */
    Optional<String> afterLoad(Duration serviceTime, Path driverJson, Map<String, Double> metrics) {
        if (!writes()) {
            return Optional.empty();
        }
        try {
            Thread.sleep(serviceTime.plusMillis(500).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Optional<Long> after = rows();
        Optional<Long> ok = okWholeRun(driverJson);
        if (rowsBefore == null || after.isEmpty() || ok.isEmpty()) {
            return Optional.of("write check: could not count " + (ok.isEmpty() ? "the driver's successful responses (okWholeRun)"
                    : "the rows through GET " + Scenarios.READ.path()));
        }
        long written = after.get() - rowsBefore;
        metrics.put("writeRowsWritten", (double) written);
        metrics.put("writeOkResponses", (double) ok.get());
        return verdict(written, ok.get());
    }

    /** Rows written against successful responses: equal, or the cell failed and why. */
    static Optional<String> verdict(long written, long ok) {
        if (written == ok) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "write check: %d rows written for %d successful responses — %d %s", written, ok, Math.abs(written - ok),
                written < ok ? "acknowledged writes lost" : "rows without a successful response (doubled, or answered with an error after writing)"));
    }

    private Optional<Long> rows() {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + Scenarios.READ.path()))
                    .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200 || !Scenarios.READ.bodyMatches(r.body())) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(r.body().substring("rows ".length()).strip()));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    static Optional<Long> okWholeRun(Path driverJson) {
        if (driverJson == null || !Files.isRegularFile(driverJson)) {
            return Optional.empty();
        }
        JsonNode n = RunFolder.json().readTree(driverJson.toFile());
        return n.path("okWholeRun").isNumber() ? Optional.of(n.path("okWholeRun").asLong()) : Optional.empty();
    }

    private Map<String, Double> counters() {
        if (managementUrl == null) {
            return Map.of();
        }
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(managementUrl + "/actuator/prometheus"))
                    .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return Map.of();
            }
            Prometheus p = Prometheus.parse(r.body());
            Map<String, Double> m = new LinkedHashMap<>();
            for (String name : new String[] {BULKHEAD_REFUSED, POOL_TIMEOUTS, CACHES_CREATED, ALLOCATED}) {
                if (p.samples().stream().anyMatch(s -> s.name().equals(name))) {
                    m.put(name, p.sum(name));
                }
            }
            return m;
        } catch (IOException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }

    private Optional<Double> delta(Map<String, Double> end, String name) {
        Double a = atStart.get(name);
        Double b = end.get(name);
        return a == null || b == null ? Optional.empty() : Optional.of(b - a);
    }
}
