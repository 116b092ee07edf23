package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What report.html's "Load shapes" section draws: each shaped cell's seconds, its step, its recovery and its fitted line. */
class ShapeSeriesTest {
    /** HdrHistogram at 3 significant digits answers a value's bucket, within 0.1 % of it. */
    private static final Percentage BUCKET = Percentage.withPercentage(0.1);

    @TempDir
    Path dir;

    private Map<String, Object> data() {
        RunFolder run = ShapedRun.write(dir.resolve("run"));
        return ReportData.build(run.root(), run.readManifest(), run.readCells());
    }

    private static ShapeSeries shape(Map<String, Object> data, String model) {
        @SuppressWarnings("unchecked")
        List<ShapeSeries> shapes = (List<ShapeSeries>) data.get("shapes");
        return shapes.stream().filter(s -> s.model().equals(model)).findFirst().orElseThrow();
    }

    @Test
    void aSpikeCellCarriesEachSecondOfItsWindowAndTheBoundsOfItsStep() {
        ShapeSeries spike = shape(data(), ShapedRun.SPIKE_MODEL);

        assertThat(spike.spelling()).isEqualTo("spike 5x for 5s at 10s");
        assertThat(spike.okPerSecond()).hasSize(ShapedRun.SPIKE_WINDOW_S)
                .isEqualTo(IntStream.range(0, ShapedRun.SPIKE_WINDOW_S).mapToObj(ShapedRun::spikeOk).toList());
        assertThat(spike.errorsPerSecond()).hasSize(ShapedRun.SPIKE_WINDOW_S)
                .isEqualTo(IntStream.range(0, ShapedRun.SPIKE_WINDOW_S).mapToObj(ShapedRun::spikeErrors).toList());
        assertThat(spike.p99Ms()).hasSize(ShapedRun.SPIKE_WINDOW_S);
        for (int s = 0; s < ShapedRun.SPIKE_WINDOW_S; s++) {
            assertThat(spike.p99Ms().get(s)).as("p99 of second %d", s).isCloseTo(ShapedRun.spikeLatencyMs(s), BUCKET);
        }
        assertThat(spike.bands()).singleElement().satisfies(step -> {
            assertThat(step.fromS()).isEqualTo(ShapedRun.STEP_AT_S);
            assertThat(step.toS()).isEqualTo(ShapedRun.STEP_AT_S + ShapedRun.STEP_S);
        });
        // the recovery is marked at the first second whose p99 stayed back: the step's end and the recovery's seconds after it
        assertThat(spike.marks()).singleElement().satisfies(back -> assertThat(back.atS())
                .isEqualTo(ShapedRun.STEP_AT_S + ShapedRun.STEP_S + ShapedRun.RECOVERY_S));
        assertThat(spike.p99Ms().get(ShapedRun.STEP_AT_S + ShapedRun.STEP_S + ShapedRun.RECOVERY_S)).isCloseTo(spike.p99Ms().getFirst(), BUCKET);
        assertThat(spike.fits()).isEmpty();
    }

    @Test
    void aSoakCellsResidentSetIsDrawnWithTheLineItsSlopeWasFittedAsOverTheSecondHalf() {
        ShapeSeries soak = shape(data(), ShapedRun.SOAK_MODEL);

        assertThat(soak.spelling()).isEqualTo("soak");
        assertThat(soak.okPerSecond()).hasSize(ShapedRun.SOAK_WINDOW_S);
        assertThat(soak.p99Ms()).hasSize(ShapedRun.SOAK_WINDOW_S).allSatisfy(p99 -> assertThat(p99).isCloseTo(10.0, BUCKET));
        assertThat(soak.bands()).isEmpty();
        // the resident set is a straight line: the fitted line lies on it, from the second half's first sample to the last
        assertThat(soak.fits()).singleElement().satisfies(rss -> {
            assertThat(rss.series()).isEqualTo("serverRssMb");
            assertThat(rss.fromS()).isEqualTo(ShapedRun.SOAK_WINDOW_S / 2 + 1);
            assertThat(rss.toS()).isEqualTo(ShapedRun.SOAK_WINDOW_S);
            assertThat(rss.from()).isCloseTo(ShapedRun.rssMb(rss.fromS()), within(1e-3));
            assertThat(rss.to()).isCloseTo(ShapedRun.rssMb(rss.toS()), within(1e-3));
            assertThat(rss.label()).contains("RSS +6.00 MB/min");
        });
    }

    @Test
    void aRunWithNoShapedCellHasNoShapesInItsData() {
        assertThat(Golden.fixture().reportData()).doesNotContainKey("shapes");
    }

    @Test
    void aRampCellCarriesItsUsersAndMarksWhereItsThroughputFlattenedAndItsP99Doubled() {
        // 50 to 400 VUs over 20 s, a level a second; the knee's users (208, second 9) are answered a second later
        Ramp rise = new Ramp(50, Duration.ofSeconds(20));
        List<Map<String, Object>> seconds = IntStream.range(0, 30).mapToObj(t -> Map.<String, Object>of("second", t,
                "vus", rise.vusAt(t, new Workload.Closed(400)), "tps", 100, "errors", 0)).toList();
        Map<String, Object> fields = new HashMap<>(Map.of("serviceTimeMs", 1000, "warmupS", 5, "durationS", 30, "requests", 5_133, "ok", 5_133,
                "p50Ms", 1_500, "p90Ms", 2_000, "p99Ms", 2_800, "maxMs", 2_900));
        fields.put("okPerSecond", IntStream.range(0, 30).mapToObj(t -> 100).toList());
        fields.put("shapeFigures", Map.of("shape", "ramp", "fromVus", 50, "toVus", 400, "overS", 20, "seconds", seconds, "plateauTps", 200.0,
                "lagS", 1, "kneeVus", 208, "footP99Ms", 1_030.0, "p99DoubledVus", 400));
        CellResult cell = TestCells.ok("mvc-platform", "block", 171.1, fields);
        Manifest manifest = new Manifest.Builder().runId("ramp").build();

        @SuppressWarnings("unchecked")
        ShapeSeries ramp = ((List<ShapeSeries>) ReportData.build(dir, manifest, List.of(cell)).get("shapes")).getFirst();

        assertThat(ramp.vusPerSecond()).hasSize(30).startsWith(50, 68, 85).endsWith(400);
        assertThat(ramp.bands()).singleElement().satisfies(r -> assertThat(List.of(r.fromS(), r.toS())).containsExactly(0.0, 20.0));
        assertThat(ramp.marks()).extracting(ShapeSeries.Mark::label, ShapeSeries.Mark::atS)
                .containsExactly(tuple("throughput flat, ~208 VUs", 10.0), tuple("p99 doubled, 400 VUs", 20.0));
    }
}
