package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.PerSecondSeries;
import dev.loomlab.lab.stats.Difference;
import dev.loomlab.lab.stats.Difference.Call;
import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntPredicate;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The A/A self-test of {@code compare}'s calls: pairs of windows cut from ONE real cell (src/test/resources/stats/aa,
 * a 60 s mvc-virtual block window; its README says how it was made) differ by nothing but noise, so the share of pairs
 * called <i>different</i> is the calls' false-alarm rate. Each must be at most 5 %, up to the binomial margin of the
 * number of pairs tried: 5 % + 1.96 × √(0.05 × 0.95 / pairs) (the upper end of a 95 % interval of a 5 % rate;
 * 5.96 % at 2,000 pairs). A known difference cut from the same data is found.
 *
 * <p>What this cannot show: windows of one JVM hold none of the spread between runs (JIT, heap, the machine's speed
 * that minute), so it checks the arithmetic of the calls, not their false-alarm rate on real runs, which needs A/A
 * pairs of real runs.
 *
 * <p>A window (one round) is 10 consecutive seconds, taken circularly from a random start in the settled part; the
 * draws are seeded, so the rates are the same on every run.
 */
class ComparisonFalseAlarmTest {
    private static final Path AA = Path.of("stats/aa");
    private static final int WINDOW_S = 10;
    /**
     * The window's first 6 seconds still show the loaded machine's warm-up (172–435 answers a second against 500
     * after): two real runs of a cell both have such a start or both lack it, at the same place in their windows, so a
     * window holding it is never paired with one that does not — that pair would be two different things, not A/A.
     */
    private static final int SETTLED_FROM = 6;
    private static final int PAIRS = 2000;
    private static final double ALPHA = Difference.ALPHA;

    private static List<Long> okPerSecond;
    private static List<Histogram> intervals;

    @BeforeAll
    static void readTheRealCell() throws FileNotFoundException {
        Path dir = Golden.resources().resolve(AA);
        okPerSecond = PerSecondSeries.readDriverJson(dir.resolve("block-r1.driver.json")).orElseThrow();
        intervals = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(dir.resolve("block-r1.hlog").toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                intervals.add((Histogram) h);
            }
        }
        assertThat(okPerSecond).hasSize(60);
        assertThat(intervals).hasSize(60);
    }

    private static double bound(int pairs) {
        return ALPHA + 1.96 * Math.sqrt(ALPHA * (1 - ALPHA) / pairs);
    }

    private static <T> List<T> window(List<T> series, int start) {
        List<T> settled = series.subList(SETTLED_FROM, series.size());
        List<T> out = new ArrayList<>();
        for (int i = 0; i < WINDOW_S; i++) {
            out.add(settled.get((start + i) % settled.size()));
        }
        return out;
    }

    private static double tps(List<Long> window) {
        return window.stream().mapToLong(Long::longValue).sum() / (double) window.size();
    }

    /** The share of {@code pairs} A/A comparisons called different. */
    private static double falseAlarms(String test, IntPredicate differentPair) {
        int alarms = 0;
        for (int i = 0; i < PAIRS; i++) {
            if (differentPair.test(i)) {
                alarms++;
            }
        }
        System.out.println("A/A false alarms of " + test + ": " + alarms + " of " + PAIRS);
        return alarms / (double) PAIRS;
    }

    private static Call tpsCall(double[] a, double[] b) {
        return Difference.of(a, b, Comparison.Margins.DEFAULT.tps(), 0).call();
    }

    private static Call percentileCall(double[] a, double[] b) {
        double larger = Math.max(java.util.Arrays.stream(a).average().orElseThrow(), java.util.Arrays.stream(b).average().orElseThrow());
        return Difference.of(a, b, Comparison.Margins.DEFAULT.latency(), Comparison.LATENCY_BUCKET * larger).call();
    }

    @Test
    void aSingleRoundIsNeverCalledEitherWay() {
        Random random = new Random(1);
        for (int i = 0; i < 100; i++) {
            double[] a = {tps(window(okPerSecond, random.nextInt(60)))};
            double[] b = {tps(window(okPerSecond, random.nextInt(60)))};

            assertThat(tpsCall(a, b)).isEqualTo(Call.INCONCLUSIVE);
        }
    }

    @Test
    void roundsTpsFalseAlarmsAtMostFivePercent() {
        Random random = new Random(2);
        double rate = falseAlarms("TPS, 3 rounds each", i -> tpsCall(roundTps(random, 1.0), roundTps(random, 1.0)) == Call.DIFFERENT);

        assertThat(rate).as("false-alarm rate over 3 rounds each, %d A/A pairs", PAIRS).isLessThanOrEqualTo(bound(PAIRS));
    }

    @Test
    void roundsPercentileFalseAlarmsAtMostFivePercent() {
        for (double percentile : new double[] {50, 99}) {
            Random random = new Random(3);
            double rate = falseAlarms("p" + percentile + ", 3 rounds each",
                    i -> percentileCall(roundPercentiles(random, percentile, 1.0), roundPercentiles(random, percentile, 1.0)) == Call.DIFFERENT);

            assertThat(rate).as("false-alarm rate over 3 rounds' p%.0f, %d A/A pairs", percentile, PAIRS)
                    .isLessThanOrEqualTo(bound(PAIRS));
        }
    }

    @Test
    void aThreePercentDropInTpsIsFoundOverThreeRounds() {
        Random random = new Random(5);

        assertThat(tpsCall(roundTps(random, 1.0), roundTps(random, 0.97))).isEqualTo(Call.DIFFERENT);
    }

    @Test
    void aSlowerP50AndP99AreFoundOverThreeRounds() {
        Random random = new Random(4);

        // p50 is steady from window to window, p99 rests on a few requests of each: it takes a larger change to show.
        assertThat(percentileCall(roundPercentiles(random, 50, 1.0), roundPercentiles(random, 50, 1.10))).isEqualTo(Call.DIFFERENT);
        assertThat(percentileCall(roundPercentiles(random, 99, 1.0), roundPercentiles(random, 99, 1.50))).isEqualTo(Call.DIFFERENT);
    }

    /** Three rounds' TPS, each a random window's, times {@code factor}. */
    private static double[] roundTps(Random random, double factor) {
        double[] out = new double[3];
        for (int r = 0; r < 3; r++) {
            out[r] = factor * tps(window(okPerSecond, random.nextInt(60)));
        }
        return out;
    }

    /** Three rounds' percentile (ms), each a random window's intervals merged, every latency times {@code slower}. */
    private static double[] roundPercentiles(Random random, double percentile, double slower) {
        double[] out = new double[3];
        for (int r = 0; r < 3; r++) {
            Histogram merged = new Histogram(2);
            merged.setAutoResize(true);
            for (Histogram second : window(intervals, random.nextInt(60))) {
                merged.add(slower == 1.0 ? second : scaled(second, slower));
            }
            out[r] = merged.getValueAtPercentile(percentile) / 1e6;
        }
        return out;
    }

    /** Every latency of {@code h} times {@code factor}: the same requests, served slower. */
    private static Histogram scaled(Histogram h, double factor) {
        Histogram out = new Histogram(h.getNumberOfSignificantValueDigits());
        out.setAutoResize(true);
        for (HistogramIterationValue v : h.recordedValues()) {
            out.recordValueWithCount(Math.round(v.getValueIteratedTo() * factor), v.getCountAtValueIteratedTo());
        }
        return out;
    }
}
