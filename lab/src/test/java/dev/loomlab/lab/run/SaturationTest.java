package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SaturationTest {
    private static final Footprint UNKNOWN = new Footprint(null, null, null);
    private static final Objective SLO_2S = Objective.noErrors(Duration.ofSeconds(2));

    private static Saturation.Point point(int vus, double tps, double p50Ms, double p99Ms, long errors, Double ceilingTps, String limitedBy) {
        return new Saturation.Point(vus, tps, p50Ms, p99Ms, errors, Math.round(tps * 10), ceilingTps, limitedBy, UNKNOWN);
    }

    @Test
    void levelsAreEvenStepsFromFirstToLast() {
        assertThat(Saturation.levels(100, 3000, 6)).containsExactly(100, 680, 1260, 1840, 2420, 3000);
        assertThat(Saturation.levels(500, 500, 3)).containsExactly(500);
        assertThat(Saturation.levels(10, 40, 1)).containsExactly(40);
    }

    @Test
    void theKneeIsWhereThroughputStopsRisingAndTheLastGoodLevelKeepsTheSlo() {
        List<Saturation.Point> points = List.of(
                point(100, 100, 1000, 1010, 0, 100.0, "vus"),
                point(200, 199, 1000, 1020, 0, 200.0, "threads"),
                point(300, 200, 1500, 1900, 0, 200.0, "threads"),
                point(400, 200, 2000, 2400, 0, 200.0, "threads"));

        Saturation.ModelResult r = Saturation.analyse("mvc-platform", points, SLO_2S, "p99 passed");

        assertThat(r.kneeVus()).isEqualTo(200);
        assertThat(r.lastGoodVus()).isEqualTo(300);
    }

    @Test
    void aLevelWithErrorsIsNeverTheLastGoodOne() {
        List<Saturation.Point> points = List.of(
                point(1000, 150, 1000, 1500, 0, 150.0, "pool"),
                point(2000, 140, 1000, 1500, 264, 150.0, "errors"));

        assertThat(Saturation.analyse("mvc-virtual", points, SLO_2S, "errors").lastGoodVus()).isEqualTo(1000);
    }
}
