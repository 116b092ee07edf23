package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SaturationTest {
    @Test
    void levelsAreEvenStepsFromFirstToLast() {
        assertThat(Saturation.levels(100, 3000, 6)).containsExactly(100, 680, 1260, 1840, 2420, 3000);
        assertThat(Saturation.levels(500, 500, 3)).containsExactly(500);
        assertThat(Saturation.levels(10, 40, 1)).containsExactly(40);
    }

    @Test
    void theKneeIsWhereThroughputStopsRisingAndTheLastGoodLevelKeepsTheSlo() {
        List<Saturation.Point> points = List.of(
                new Saturation.Point(100, 100, 1000, 1010, 0, 100.0, "vus"),
                new Saturation.Point(200, 199, 1000, 1020, 0, 200.0, "threads"),
                new Saturation.Point(300, 200, 1500, 1900, 0, 200.0, "threads"),
                new Saturation.Point(400, 200, 2000, 2400, 0, 200.0, "threads"));

        Saturation.ModelResult r = Saturation.analyse("mvc-platform", points, Duration.ofSeconds(2), "p99 passed");

        assertThat(r.kneeVus()).isEqualTo(200);
        assertThat(r.lastGoodVus()).isEqualTo(300);
    }

    @Test
    void aLevelWithErrorsIsNeverTheLastGoodOne() {
        List<Saturation.Point> points = List.of(
                new Saturation.Point(1000, 150, 1000, 1500, 0, 150.0, "pool"),
                new Saturation.Point(2000, 140, 1000, 1500, 264, 150.0, "errors"));

        assertThat(Saturation.analyse("mvc-virtual", points, Duration.ofSeconds(2), "errors").lastGoodVus()).isEqualTo(1000);
    }
}
