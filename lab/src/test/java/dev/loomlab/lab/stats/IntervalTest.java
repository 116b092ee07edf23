package dev.loomlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Figures checked against Student's t tables and a hand computation, not against the code that makes them. */
class IntervalTest {
    @Test
    void twoRoundsUseTheTQuantileOfOneDegreeOfFreedom() {
        // The seeds' mvc-platform rounds: 197.0 and 197.2 TPS. s = 0.1414, t(0.975, 1) = 12.7062 (tables): ± 1.2706.
        Interval i = Interval.of(new double[] {197.0, 197.2});

        assertThat(i.mean()).isCloseTo(197.1, within(1e-9));
        assertThat(i.halfWidth()).isCloseTo(1.27062, within(1e-4));
        assertThat(i.samples()).isEqualTo(2);
    }

    @Test
    void threeRoundsUseTwoDegreesOfFreedom() {
        // mean 500, s = 2, t(0.975, 2) = 4.3027: ± 4.3027 × 2 / √3 = 4.968.
        Interval i = Interval.of(new double[] {498, 500, 502});

        assertThat(i.halfWidth()).isCloseTo(4.9684, within(1e-3));
        assertThat(i.relative()).isCloseTo(4.9684 / 500, within(1e-5));
    }

    @Test
    void oneSampleHasNoInterval() {
        Interval i = Interval.of(new double[] {498.9});

        assertThat(i.known()).isFalse();
        assertThat(i.mean()).isEqualTo(498.9);
    }

    @Test
    void batchMeansAreTenConsecutiveBatchesWithTheLeftoverDroppedFromTheStart() {
        List<Long> sixty = LongStream.range(0, 60).boxed().toList();
        assertThat(BatchMeans.of(sixty)).containsExactly(2.5, 8.5, 14.5, 20.5, 26.5, 32.5, 38.5, 44.5, 50.5, 56.5);

        List<Long> twentyFive = LongStream.range(0, 25).boxed().toList();
        // 5 seconds left over: seconds 0–4 are dropped, then batches of 2.
        assertThat(BatchMeans.of(twentyFive)).containsExactly(5.5, 7.5, 9.5, 11.5, 13.5, 15.5, 17.5, 19.5, 21.5, 23.5);

        assertThat(BatchMeans.of(List.of(3L, 4L, 5L))).containsExactly(3.0, 4.0, 5.0);
    }

    @Test
    void aRoundsIntervalIsSaidAroundItsTps() {
        // Per-second counts 490 and 510 alternating over 10 s: batch means of 1 s, mean 500, s = 10.54, t(0.975, 9) = 2.2622.
        List<Long> seconds = LongStream.range(0, 10).mapToObj(i -> i % 2 == 0 ? 490L : 510L).toList();
        Interval perSecond = BatchMeans.interval(seconds);

        assertThat(perSecond.halfWidth()).isCloseTo(2.2622 * 10.5409 / Math.sqrt(10), within(1e-3));
        assertThat(perSecond.scaledTo(250).halfWidth()).isCloseTo(perSecond.halfWidth() / 2, within(1e-9));
    }

    @Test
    void theRoundsForAOnePercentIntervalAtTheSpreadSeenMatchTheTables() {
        // s = 10 on a mean of 1,000: ± 1 % needs t(0.975, n − 1) ≤ √n — n = 6: 2.571 > 2.449; n = 7: 2.447 ≤ 2.646 (tables).
        Interval three = Interval.of(new double[] {990, 1000, 1010});

        assertThat(three.samplesFor(0.01, 50)).hasValue(7);
        // ± 5 % = 50: n = 2 gives 12.706 × 10 / √2 = 89.8, n = 3 gives 4.303 × 10 / √3 = 24.8
        assertThat(three.samplesFor(0.05, 50)).hasValue(3);
        assertThat(Interval.of(new double[] {1000}).samplesFor(0.01, 50)).isEmpty();
    }
}
