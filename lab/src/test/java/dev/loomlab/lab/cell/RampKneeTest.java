package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * A ramp's knee, plateau and p99 climb from synthetic windows whose answer is known: 50 to 400 VUs over 35 s, ten VUs a
 * second, then ten seconds at the top.
 */
class RampKneeTest {
    private static final Ramp RAMP = new Ramp(50, Duration.ofSeconds(35));
    private static final Workload.Closed TOP = new Workload.Closed(400);
    private static final int WINDOW_S = 45;

    private static ShapeFigures.Ramp figures(IntToDoubleFunction tpsOfVus, IntToDoubleFunction p99OfVus) {
        List<Long> ok = new ArrayList<>();
        double[] p99 = new double[WINDOW_S];
        for (int s = 0; s < WINDOW_S; s++) {
            int vus = RAMP.vusAt(s, TOP);
            ok.add(Math.round(tpsOfVus.applyAsDouble(vus)));
            p99[s] = p99OfVus.applyAsDouble(vus);
        }
        // answers within a millisecond: those of a second were sent in it
        double[] p50 = new double[WINDOW_S];
        Arrays.fill(p50, 1);
        return RampKnee.of(RAMP, TOP, p50, p99, ok, Collections.nCopies(WINDOW_S, 0L), WINDOW_S).orElseThrow();
    }

    @Test
    void aThroughputCappedAt200HasItsKneeAt200VusAndItsPlateauThere() {
        ShapeFigures.Ramp r = figures(vus -> Math.min(vus, 200), vus -> 10);

        assertThat(r.kneeVus()).isEqualTo(200);
        assertThat(r.plateauTps()).isEqualTo(200);
        assertThat(r.seconds()).hasSize(WINDOW_S);
        assertThat(r.seconds().get(15)).isEqualTo(new ShapeFigures.RampSecond(15, 200, 200, 10.0, 0));
    }

    @Test
    void aThroughputThatKeptRisingToTheTopHasNoKnee() {
        ShapeFigures.Ramp r = figures(vus -> vus, vus -> 10);

        assertThat(r.kneeVus()).isNull();
        assertThat(r.plateauTps()).isEqualTo(400);
    }

    @Test
    void answersThatCompleteASecondAfterTheyWereSentAreTheVusOfTheSecondBefore() {
        // a 1 s sleep: the answers completed in second s are those the VUs of s - 1 sent, capped at 200 a second
        List<Long> ok = new ArrayList<>();
        double[] latency = new double[WINDOW_S];
        for (int s = 0; s < WINDOW_S; s++) {
            ok.add((long) Math.min(RAMP.vusAt(s - 1, TOP), 200));
            latency[s] = 1003;
        }

        ShapeFigures.Ramp r = RampKnee.of(RAMP, TOP, latency, latency, ok, List.of(), WINDOW_S).orElseThrow();

        assertThat(r.lagS()).isEqualTo(1);
        assertThat(r.kneeVus()).isEqualTo(200);
    }

    @Test
    void aCapInNoiseIsFoundWithinTheNoise() {
        // ±3 % a second around min(VUs, 200), uniform: a standard deviation of 1.7 %, a band of about 7 TPS under the plateau
        Random noise = new Random(41);
        ShapeFigures.Ramp r = figures(vus -> Math.min(vus, 200) * (1 + 0.06 * (noise.nextDouble() - 0.5)), vus -> 10);

        assertThat(r.plateauTps()).isCloseTo(200, within(200 * 0.03));
        // the rise enters the band where VUs x 1.03 reach its floor, or a level later
        double earliest = (r.plateauTps() - r.plateauBandTps()) / 1.03 - 10;
        assertThat((double) r.kneeVus()).isBetween(earliest, 210.0);
    }

    @Test
    void theP99DoublesWhereItStaysAboveTwiceItsFootForThreeSeconds() {
        // 10 ms up to 150 VUs, then in proportion to the VUs: 20 ms at 300, above it from 310; one slow second before that
        ShapeFigures.Ramp r = figures(vus -> Math.min(vus, 200), vus -> vus == 200 ? 500 : 10 * Math.max(1, vus / 150.0));

        assertThat(r.footP99Ms()).isEqualTo(10);
        assertThat(r.p99DoubledVus()).isEqualTo(310);
        assertThat(figures(vus -> vus, vus -> 10).p99DoubledVus()).isNull();
    }

    @Test
    void aWindowThatEndsAtTheTopHasNoPlateauAndNoKnee() {
        List<Long> ok = new ArrayList<>();
        for (int s = 0; s < 36; s++) {
            ok.add((long) Math.min(RAMP.vusAt(s, TOP), 200));
        }
        ShapeFigures.Ramp r = RampKnee.of(RAMP, TOP, new double[36], new double[36], ok, List.of(), 36).orElseThrow();

        assertThat(r.plateauTps()).isNull();
        assertThat(r.kneeVus()).isNull();
        assertThat(RampKnee.of(RAMP, TOP, new double[0], new double[0], List.of(), List.of(), 36)).isEmpty();
    }
}
