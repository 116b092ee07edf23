package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parsing only, from outputs saved from real runs (k6 1.1.0 and wrk 4.1.0 against
 * {@link TestTarget}'s {@code /mixed}: 8 VUs, 1 s warm-up, 3 s window, 1 s timeout), so a parsing
 * regression shows without the binaries.
 */
class EngineOutputParsingTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode resource(String name) throws Exception {
        try (InputStream in = EngineOutputParsingTest.class.getResourceAsStream("/load/" + name)) {
            return JSON.readTree(in);
        }
    }

    /** A result's errors, by kind in their order, of a {@code /mixed} run: timeouts and 500s, nothing else. */
    @SuppressWarnings("unchecked")
    private static Map.Entry<String, Long>[] timeoutsAnd5xx(long timeout, long status5xx) {
        return new Map.Entry[] {Map.entry("connect", 0L), Map.entry("timeout", timeout), Map.entry("status4xx", 0L),
                Map.entry("status5xx", status5xx), Map.entry("other", 0L)};
    }

    private static LoadSpec mixedSpec(Path out) {
        return LoadSpec.closed("http://127.0.0.1:42303/mixed", 8, Duration.ofSeconds(1), Duration.ofSeconds(3),
                Duration.ofSeconds(1), out, "mixed", out.resolve("mixed.log"));
    }

    @Test
    void k6SummaryGivesTheWindowFigures(@TempDir Path out) throws Exception {
        K6Summary s = K6Summary.parse(resource("k6-summary-mixed.json"), mixedSpec(out), "k6 1.1.0");
        LoadResult r = s.result(0.08);

        assertThat(r).extracting(LoadResult::engine, LoadResult::engineVersion, LoadResult::durationS, LoadResult::requests, LoadResult::ok)
                .containsExactly("k6", "k6 1.1.0", 3.0, 96L, 48L);
        // TPS by completion (48 2xx completed in the window), the rest by start, as the Hyperfoil driver counts.
        assertThat(s.okCompleted()).isEqualTo(48);
        assertThat(s.completedInWindow()).isEqualTo(96);
        assertThat(r.tps()).isEqualTo(16.0);
        assertThat(r.achievedRate()).isEqualTo(32.0);
        assertThat(r.wallTimeMs()).isNull();
        assertThat(r.errors()).containsExactly(timeoutsAnd5xx(24, 24));
        assertThat(r.latency().p50Ms()).isEqualTo(51.487427);
        assertThat(r.latency().p90Ms()).isEqualTo(53.0575338);
        assertThat(r.latency().p99Ms()).isEqualTo(54.70441434000001);
        assertThat(r.latency().p999Ms()).isEqualTo(55.387215234);
        assertThat(r.latency().maxMs()).isEqualTo(55.463082);
        assertThat(r.latency().meanMs()).isEqualTo(35.23530026388888);
        assertThat(r.requestedRate()).isNull();
        assertThat(r.unsent()).isZero();
        assertThat(r.driverCpuS()).isEqualTo(0.08);
        assertThat(s.windowStartEpochMs()).isEqualTo(1795342369524L);
        // 72 of the 96 got a status (the 24 timeouts did not): the histogram holds those.
        assertThat(s.count()).isEqualTo(72);
    }

    @Test
    void wrkReportGivesTheWindowFiguresAndSaysTheTailIsAnEstimate(@TempDir Path out) throws Exception {
        WrkReport w = WrkReport.parse(resource("wrk-report-mixed.json"));
        LoadResult r = w.result("wrk 4.1.0 (" + WrkEngine.CO_NOTE + ")", 0.01);

        assertThat(r.engineVersion()).contains("CO-corrected");
        assertThat(r).extracting(LoadResult::engine, LoadResult::durationS, LoadResult::requests, LoadResult::ok, LoadResult::tps)
                .containsExactly("wrk", 3.0, 64L, 48L, 16.0);
        assertThat(r.errors()).containsExactly(timeoutsAnd5xx(23, 16));
        assertThat(r.latency().p50Ms()).isEqualTo(51.42);
        assertThat(r.latency().maxMs()).isEqualTo(84.023);
        assertThat(r.latency().meanMs()).isCloseTo(36.394, within(0.001));
        assertThat(w.invocationRequests()).isEqualTo(112);
        assertThat(w.recorded()).isEqualTo(89);
        assertThat(w.windowStartEpochMs()).isEqualTo(1795340366697L);
    }

    @Test
    void theRebuiltHistogramHasTheEnginesPercentilesAtTheGrid(@TempDir Path out) throws Exception {
        K6Summary s = K6Summary.parse(resource("k6-summary-mixed.json"), mixedSpec(out), "k6 1.1.0");
        Path file = PercentileHistogram.write(out, "mixed", s.histogram(), 1_000, 4_000, java.util.List.of("test"));

        Histogram h;
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            h = (Histogram) reader.nextIntervalHistogram();
        }
        assertThat(h.getTotalCount()).isEqualTo(72);
        // 72 values: above p98 the engine interpolates between its last two, a histogram cannot.
        for (String p : new String[] {"10", "50", "90"}) {
            double engine = s.percentilesMs().get(p);
            assertThat(h.getValueAtPercentile(Double.parseDouble(p)) / 1e6).as("p" + p).isCloseTo(engine, within(engine * 0.002));
        }
        assertThat(h.getMaxValue() / 1e6).isCloseTo(s.maxMs(), within(s.maxMs() * 0.002));
        assertThat(Files.readString(file)).contains("rebuilt from the engine's own percentiles");
    }

    @Test
    void onManyValuesTheRebuiltCurveFollowsTheOriginalToTheTail() {
        // 200,000 latencies, log-normal around 50 ms with a long tail.
        java.util.Random random = new java.util.Random(42);
        Histogram original = new Histogram(PercentileHistogram.HIGHEST_TRACKABLE_NS, 3);
        for (int i = 0; i < 200_000; i++) {
            original.recordValue(Math.round(50e6 * Math.exp(0.6 * random.nextGaussian())));
        }
        Map<String, Double> grid = new java.util.LinkedHashMap<>();
        for (String p : PercentileHistogram.GRID) {
            grid.put(p, original.getValueAtPercentile(Double.parseDouble(p)) / 1e6);
        }
        Histogram rebuilt = PercentileHistogram.rebuild(original.getTotalCount(), original.getMinValue() / 1e6,
                original.getMaxValue() / 1e6, grid);

        assertThat(rebuilt.getTotalCount()).isEqualTo(original.getTotalCount());
        for (double p : new double[] {1, 25, 50, 75, 90, 99, 99.9, 99.99}) {
            double want = original.getValueAtPercentile(p);
            assertThat((double) rebuilt.getValueAtPercentile(p)).as("p" + p).isCloseTo(want, within(want * 0.002));
        }
        assertThat(rebuilt.getMaxValue()).isEqualTo(original.getMaxValue());
    }

    @Test
    void aSummaryWithoutMetricsIsAnEngineFailure(@TempDir Path out) {
        assertThatThrownBy(() -> K6Summary.parse(JSON.readTree("{\"state\":{}}"), mixedSpec(out), "k6"))
                .isInstanceOf(LoadException.class).hasMessageContaining("no metrics");
        assertThatThrownBy(() -> WrkReport.parse(JSON.readTree("{}")))
                .isInstanceOf(LoadException.class).hasMessageContaining("not a loomlab wrk report");
    }
}
