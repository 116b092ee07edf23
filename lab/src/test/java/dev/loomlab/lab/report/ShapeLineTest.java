package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import dev.loomlab.lab.result.ShapeFigures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A ramp cell's line: where throughput stopped rising and the p99 doubled, or that neither happened, or why it is not known. */
class ShapeLineTest {
    private static final Map<String, Object> FIGURES = Map.of("serviceTimeMs", 1000, "warmupS", 5, "durationS", 60, "requests", 0, "ok", 0,
            "p50Ms", 0, "p90Ms", 0, "p99Ms", 0, "maxMs", 0);

    private static String line(Double plateau, Integer knee, Integer doubled) {
        ShapeFigures.Ramp ramp = new ShapeFigures.Ramp(50, 400, 60, List.of(), plateau, plateau == null ? null : 2.0, 0, knee, 12.25,
                doubled);
        return ShapeLine.of(TestCells.ok("mvc-platform", "block", 200, FIGURES).withShapeFigures(ramp)).orElseThrow();
    }

    @Test
    void aRampsLineSaysWhereThroughputStoppedRisingAndWhereThePercentileDoubled() {
        assertThat(line(199.4, 200, 230)).isEqualTo("ramp from 50 to 400 VUs over 60 s: throughput stopped rising at ~200 VUs"
                + " (plateau 199 TPS); p99 doubled (from 12.3 ms at the foot) at 230 VUs");
        assertThat(line(398.0, null, null)).isEqualTo("ramp from 50 to 400 VUs over 60 s: throughput rose with the load to the top"
                + " (plateau 398 TPS at 400 VUs); p99 did not double from its 12.3 ms at the foot");
        assertThat(line(null, null, null)).contains("fewer than 4 s: no plateau to find a knee by");
    }
}
