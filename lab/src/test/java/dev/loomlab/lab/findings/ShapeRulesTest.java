package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.TestCell.cell;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.lab.result.ShapeFigures.Slope;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code memory-grows} and {@code latency-grows}: a soak's slopes, beyond their noise and the stated share a minute. */
class ShapeRulesTest {
    private static final Slope FLAT = new Slope(0.1, 0.5, 150, 45);

    private static CellResult soak(Slope rss, Slope heap, Slope p99) {
        return cell().with(c -> c.durationS = 45).build().withShapeFigures(new ShapeFigures.Soak(rss, heap, p99));
    }

    private static Optional<Finding> fired(CellResult cell, String rule) {
        return Findings.fired(cell, List.of(), 1).stream().filter(f -> f.rule().equals(rule)).findFirst();
    }

    @Test
    void aResidentSetRisingBeyondItsNoiseAndTheShareIsMemoryGrowth() {
        // 150 MB rising 6 MB a minute (4 % a minute), interval ± 1
        Finding f = fired(soak(new Slope(6, 1.0, 150, 45), null, FLAT), "memory-grows").orElseThrow();

        assertThat(f.text()).contains("memory grows over the 45 s soak: RSS +6.0 MB a minute (95 % interval ± 1.0, 4.0 % of its 150 MB a minute)");
        assertThat(f.figures()).containsEntry("rssMbPerMinute", 6.0).containsEntry("windowS", 45.0);
        assertThat(f.explains()).isFalse();
    }

    @Test
    void theHeapAfterCollectionsAloneIsEnough() {
        assertThat(fired(soak(FLAT, new Slope(3, 0.5, 40, 12), FLAT), "memory-grows").orElseThrow().text())
                .contains("the heap after collections +3.0 MB a minute").doesNotContain("RSS");
    }

    @Test
    void noGrowthBelowTheShareOrInsideTheNoise() {
        // 1 MB a minute of 150 MB (0.7 %): beyond its noise, below the share
        assertThat(fired(soak(new Slope(1, 0.2, 150, 45), null, null), "memory-grows")).isEmpty();
        // 6 MB a minute, but the interval (± 7) holds zero
        assertThat(fired(soak(new Slope(6, 7.0, 150, 45), null, null), "memory-grows")).isEmpty();
        // too few points for an interval
        assertThat(fired(soak(new Slope(6, null, 150, 4), null, null), "memory-grows")).isEmpty();
        // not a soak
        assertThat(fired(cell().build(), "memory-grows")).isEmpty();
    }

    @Test
    void aTailDriftingUpIsLatencyGrowth() {
        assertThat(fired(soak(FLAT, null, new Slope(0.6, 0.1, 10, 45)), "latency-grows").orElseThrow().text())
                .contains("each second's p99 +0.60 ms a minute (95 % interval ± 0.10, 6.0 % of its 10.00 ms a minute)");
        assertThat(fired(soak(FLAT, null, new Slope(0.1, 0.05, 10, 45)), "latency-grows")).isEmpty();
    }
}
