package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Path;
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
}
