package dev.loomlab.lab.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.stats.Interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
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
            Optional<Series.ChangePoint> near = s.changes().stream().filter(c -> Math.abs(c.index() - 10) <= 1).findFirst();
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

    @Test
    void thePermutationTestsReachIsTwoOverTheWaysToSplitTheRunsInHalves() {
        assertThat(EDivisive.smallestP(8)).isCloseTo(2.0 / 70, within(1e-12));
        assertThat(EDivisive.smallestP(12)).isCloseTo(2.0 / 924, within(1e-12));
        assertThat(EDivisive.smallestP(3)).isCloseTo(2.0 / 3, within(1e-12));
        // twelve cells at 5 % together: each at 0.0042, which 12 runs reach and 11 do not
        double level = EDivisive.forFamily(12).alpha();
        assertThat(EDivisive.smallestP(12)).isLessThan(level);
        assertThat(EDivisive.smallestP(11)).isGreaterThan(level);
    }

    /**
     * A group of 12 cells × 6 figures over 12 runs in which nothing changed: each cell is one test at 5 % / 12, so
     * the groups given a change point anywhere are at most Binomial(GROUPS, 0.05) — bounded by its 99.9 % quantile.
     * Read figure by figure at 5 % each, the same groups would show a false change point in most of them.
     */
    @Test
    void aGroupOfFlatCellsGetsAChangePointAnywhereNoMoreOftenThanTheStatedFamilyRate() {
        int groups = 60;
        int withChange = 0;
        int figureByFigure = 0;
        for (long seed = 1; seed <= groups; seed++) {
            List<List<List<Series.Point>>> cells = group(new Random(5000 + seed), -1);
            withChange += changesByCell(cells).stream().anyMatch(c -> !c.isEmpty()) ? 1 : 0;
            figureByFigure += cells.stream().flatMap(List::stream)
                    .anyMatch(f -> !History.changedAt(List.of(f), EDivisive.standard()).isEmpty()) ? 1 : 0;
        }
        int bound = BinomialDistribution.of(groups, EDivisive.ALPHA).inverseCumulativeProbability(0.999);
        System.out.println("flat groups of 12 cells x 6 figures x 12 runs with a change point: " + withChange + " of " + groups
                + " (bound " + bound + "); read figure by figure at 5 % each: " + figureByFigure);
        assertThat(withChange).isLessThanOrEqualTo(bound);
        assertThat(figureByFigure).isGreaterThan(bound);
    }

    /** The real series' case: one cell of twelve drops its TPS 20 % and waits 25 % longer from run 7 of 12, 1 % noise. */
    @Test
    void aStepInOneCellOfTwelveIsFoundThereAtItsRunAndInNoOtherCell() {
        int groups = 30;
        List<List<List<Integer>>> found = LongStream.rangeClosed(9001, 9000 + groups)
                .mapToObj(seed -> changesByCell(group(new Random(seed), 3))).toList();
        long exact = found.stream().filter(changes -> changes.get(3).equals(List.of(7))).count();
        long elsewhere = found.stream().flatMap(changes -> IntStream.range(0, changes.size())
                .filter(c -> c != 3 && !changes.get(c).isEmpty()).boxed()).count();
        System.out.println("a 20 % step at run 7 of 12 in one cell of 12: found exactly there in " + exact + " of " + groups
                + " groups; change points in other cells: " + elsewhere);
        assertThat(exact).isEqualTo(groups);
        // 330 flat cells each at 5 % / 12: 1.4 expected; Binomial(330, 0.0042)'s 99.9 % quantile
        assertThat(elsewhere).isLessThanOrEqualTo(BinomialDistribution.of(330, EDivisive.ALPHA / 12).inverseCumulativeProbability(0.999));
    }

    /** Each cell's change points (the first run after each), the cells tested as one family. */
    private static List<List<Integer>> changesByCell(List<List<List<Series.Point>>> cells) {
        EDivisive method = EDivisive.forFamily(cells.size());
        return cells.stream().map(c -> History.changedAt(c, method)).toList();
    }

    /**
     * 12 cells of 6 figures over 12 runs, each around its own level with 1 % Gaussian noise (the p99 with 5 %); cell
     * {@code stepped} (−1: none) has TPS × 0.8 and p50, p99 × 1.25 from run 7.
     */
    private static List<List<List<Series.Point>>> group(Random random, int stepped) {
        int cells = 12;
        int runs = 12;
        int after = 6;
        double[] levels = {1000, 500, 900, 0.3, 400, 60};
        double[] noise = {0.01, 0.01, 0.05, 0.01, 0.01, 0.01};
        List<List<List<Series.Point>>> out = new ArrayList<>();
        for (int c = 0; c < cells; c++) {
            List<List<Series.Point>> figures = new ArrayList<>();
            for (int f = 0; f < levels.length; f++) {
                double[] x = new double[runs];
                for (int r = 0; r < runs; r++) {
                    double step = c == stepped && r >= after ? (f == 0 ? 0.8 : f <= 2 ? 1.25 : 1) : 1;
                    x[r] = levels[f] * step * (1 + noise[f] * random.nextGaussian());
                }
                figures.add(points(x));
            }
            out.add(figures);
        }
        return out;
    }

    private static List<Series.Point> points(double[] x) {
        return IntStream.range(0, x.length).mapToObj(i -> new Series.Point(null, i + 1, new Interval(x[i], Double.NaN, 1))).toList();
    }
}
