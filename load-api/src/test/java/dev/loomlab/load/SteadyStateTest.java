package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    /** Per-second completions of a warming server: the climb a fresh machine showed (477 → 1,551 TPS over 10 s). */
    private static double[] rising(int seconds, long seed) {
        Random noise = new Random(seed);
        return IntStream.range(0, seconds).mapToDouble(i -> (477 + 107.4 * i) * (1 + 0.02 * noise.nextGaussian())).toArray();
    }

    /** A settled server: 2,000 TPS with 2 % noise per second. */
    private static double[] flat(int seconds, long seed) {
        Random noise = new Random(seed);
        return IntStream.range(0, seconds).mapToDouble(i -> 2000 * (1 + 0.02 * noise.nextGaussian())).toArray();
    }

    @Test
    void theTrendOfAStraightLineIsItsRiseOverItsMean() {
        // 100, 110, ..., 170: the line rises by 70 over a mean of 135
        double[] line = IntStream.range(0, 8).mapToDouble(i -> 100 + 10 * i).toArray();
        assertThat(SteadyState.trend(line)).isCloseTo(70.0 / 135.0, within(1e-12));
        assertThat(SteadyState.trend(new double[] {5, 5, 5, 5})).isZero();
    }

    @Test
    void aRisingSeriesNeverSettlesAndAFlatOneSettlesAsSoonAsItCanBeJudged() {
        for (long seed = 1; seed <= 20; seed++) {
            assertThat(SteadyState.settledAt(rising(30, seed), 5)).as("seed %d", seed).isEmpty();
            assertThat(SteadyState.settledAt(flat(30, seed), 5)).as("seed %d", seed).hasValueSatisfying(at -> assertThat(at).isLessThanOrEqualTo(12));
        }
    }

    @Test
    void aServerThatWarmsThenHoldsSettlesOnlyOnceItsLastSecondsAreFlat() {
        // 10 s climbing from 500 to 2,000, then flat at 2,000: the trend window must hold flat seconds only (or nearly)
        double[] series = IntStream.range(0, 40).mapToDouble(i -> i < 10 ? 500 + 150 * i : 2000).toArray();
        assertThat(SteadyState.settledAt(series, 5)).hasValueSatisfying(at -> assertThat(at).isBetween(16, 19));
    }

    @Test
    void aWindowThatStillClimbsDriftsAndAFlatNoisyOneDoesNot() {
        assertThat(SteadyState.drift(rising(10, 3))).hasValueSatisfying(d -> {
            assertThat(d.first()).isLessThan(d.last());
            assertThat(d.relative()).isGreaterThan(0.5);
        });
        for (long seed = 1; seed <= 20; seed++) {
            assertThat(SteadyState.drift(flat(20, seed))).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void aStepBiggerThanTheToleranceButInsideTheNoiseIsNotCalledDrift() {
        // 1,000 TPS in waves: seconds alternate 500 and 1,500, then the last third is 10 % higher on average
        double[] waves = {500, 1500, 500, 1500, 500, 1500, 600, 1600, 600, 1600, 600, 1600};
        assertThat(SteadyState.drift(waves)).isEmpty();
        double[] smooth = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1100, 1100, 1100, 1100};
        assertThat(SteadyState.drift(smooth)).hasValueSatisfying(d -> assertThat(d.relative()).isCloseTo(100.0 / 1033.33, within(1e-3)));
    }
}
