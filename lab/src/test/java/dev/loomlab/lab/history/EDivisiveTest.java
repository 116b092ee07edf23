package dev.loomlab.lab.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/** E-divisive on synthetic series whose answer is known: Gaussian noise of 1 % around 100, seeded. */
class EDivisiveTest {
    private static final int RUNS = 20;
    private static final int SERIES = 200;

    private static double[] series(long seed, int stepAt, double step) {
        Random random = new Random(seed);
        double[] x = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            x[i] = 100 * (1 + 0.01 * random.nextGaussian()) + (i >= stepAt ? step : 0);
        }
        return x;
    }

    @Test
    void aStepOfThreePercentAfterRunTenIsFoundWithinOneRunWithItsSizeInsideItsInterval() {
        double[] x = series(1, 10, 3);

        List<Integer> found = EDivisive.standard().changePoints(x);

        assertThat(found).hasSize(1);
        assertThat(found.getFirst()).isBetween(9, 11);
        Series.ChangePoint change = History.series(new History.CellKey("m", "s"), Figure.TPS, points(x), EDivisive.standard()).changes().getFirst();
        assertThat(change.shift().low()).isLessThan(3);
        assertThat(change.shift().high()).isGreaterThan(3);
        assertThat(change.shift().relative()).isBetween(0.02, 0.04);
    }

    @Test
    void aStepOfThreePercentIsFoundInAlmostEverySeededSeries() {
        int found = 0;
        int covered = 0;
        int exact = 0;
        for (long seed = 1; seed <= 50; seed++) {
            double[] x = series(seed, 10, 3);
            Series s = History.series(new History.CellKey("m", "s"), Figure.TPS, points(x), EDivisive.standard());
            java.util.Optional<Series.ChangePoint> near = s.changes().stream().filter(c -> Math.abs(c.index() - 10) <= 1).findFirst();
            if (near.isPresent()) {
                found++;
                covered += near.get().shift().low() < 3 && near.get().shift().high() > 3 ? 1 : 0;
                exact += near.get().index() == 10 ? 1 : 0;
            }
        }
        // a 3 σ step between two stretches of 10: the permutation test's power is near 1
        System.out.println("3 % step after run 10 of 20 found within one run in " + found + " of 50 series, at run 10 in " + exact
                + ", the true size inside the interval in " + covered);
        assertThat(found).isGreaterThanOrEqualTo(45); // measured: 47 of 50
        // Welch's 95 % interval: at least Binomial(found, 0.95)'s 0.1 % quantile (measured 41 of 47); picking the best split
        // biases it a little (a split one run off the step dilutes the size)
        assertThat(covered).isGreaterThanOrEqualTo(BinomialDistribution.of(found, 0.95).inverseCumulativeProbability(0.001));
    }

    /**
     * Under no change the first permutation test rejects with probability at most α = 5 %, so the number of flat
     * series given a change point is at most Binomial(200, 0.05); the bound is that law's 99.9 % quantile (21 of 200,
     * 10.5 %), so that this test fails by chance once in a thousand builds at worst.
     */
    @Test
    void aFlatNoisySeriesGetsAChangePointNoMoreOftenThanTheStatedFalseAlarmRate() {
        int falseAlarms = 0;
        for (long seed = 1; seed <= SERIES; seed++) {
            if (!EDivisive.standard().changePoints(series(1000 + seed, RUNS, 0)).isEmpty()) {
                falseAlarms++;
            }
        }
        int bound = BinomialDistribution.of(SERIES, EDivisive.ALPHA).inverseCumulativeProbability(0.999);
        System.out.println("flat series with a change point: " + falseAlarms + " of " + SERIES + " (bound " + bound + ")");
        assertThat(falseAlarms).isLessThanOrEqualTo(bound);
    }

    @Test
    void aConstantSeriesHasNoChangePoint() {
        assertThat(EDivisive.standard().changePoints(new double[] {5, 5, 5, 5, 5, 5})).isEmpty();
    }

    @Test
    void twoStepsAreBothFound() {
        double[] x = new double[30];
        Random random = new Random(3);
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 + random.nextGaussian() + (i >= 10 ? 5 : 0) + (i >= 20 ? -8 : 0);
        }
        assertThat(EDivisive.standard().changePoints(x)).containsExactly(10, 20);
    }

    private static List<Series.Point> points(double[] x) {
        return java.util.stream.IntStream.range(0, x.length)
                .mapToObj(i -> new Series.Point(null, i + 1, new dev.loomlab.lab.stats.Interval(x[i], Double.NaN, 1))).toList();
    }
}
