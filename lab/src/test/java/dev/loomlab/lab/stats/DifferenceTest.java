package dev.loomlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.stats.Difference.Call;
import org.junit.jupiter.api.Test;

/** The three answers on samples whose answer is known: by hand, from tables, or by construction. */
class DifferenceTest {

    @Test
    void welchsTestMatchesAHandComputation() {
        // 1..5 against 2, 4, …, 10: t = 1.8974, Welch's df = 5.882; the two-sided tail of t there is 0.10753
        // (integrated numerically from Student's density, independently of any library); no margin of 1 % holds either.
        Difference d = Difference.of(new double[] {1, 2, 3, 4, 5}, new double[] {2, 4, 6, 8, 10}, 0.01, 0);

        assertThat(d.call()).isEqualTo(Call.INCONCLUSIVE);
        assertThat(d.why()).startsWith("p = 0.108;");
    }

    @Test
    void theIntervalAndTheRoundsToDecideMatchTheTables() {
        // {1, 2, 3} against {1.5, 2.5, 3.5}: B − A = 0.5, SE = √(1/3 + 1/3) = 0.8165, df = 4, t(0.95, 4) = 2.1318 (tables):
        // the 90 % interval is 0.5 ± 1.7407. A margin of ± 1 (half of A's mean 2) does not hold it: inconclusive.
        // Rounds a side for 80 % power at s = 1 with the difference inside the margin: 2 (1.6449 + 1.2816)² / 1² = 17.1 → 18.
        Difference d = Difference.of(new double[] {1, 2, 3}, new double[] {1.5, 2.5, 3.5}, 0.5, 0);

        assertThat(d.low()).isCloseTo(0.5 - 1.7407, within(1e-3));
        assertThat(d.high()).isCloseTo(0.5 + 1.7407, within(1e-3));
        assertThat(d.call()).isEqualTo(Call.INCONCLUSIVE);
        assertThat(d.roundsToDecide()).hasValue(18);
        assertThat(d.text()).endsWith("about 18 rounds a side would decide it)");
    }

    @Test
    void constantRoundsOneHistogramBucketApartAreEqualNotDifferent() {
        // Welch gave p = 0 here: "beyond noise" for two runs one bucket apart (2 significant digits: 1 part in 100).
        double[] a = {20_266.9, 20_266.9, 20_266.9};
        double[] b = {20_132.7, 20_132.7, 20_132.7};

        Difference d = Difference.of(a, b, 0.05, 0.01 * 20_266.9);

        assertThat(d.call()).isEqualTo(Call.EQUIVALENT);
        assertThat(d.why()).isEqualTo("within one histogram bucket");
    }

    @Test
    void constantRoundsAreKnownExactlyInsideOrBeyondTheMargin() {
        assertThat(Difference.of(new double[] {500, 500}, new double[] {505, 505}, 0.02, 0).call()).isEqualTo(Call.EQUIVALENT);
        Difference beyond = Difference.of(new double[] {500, 500}, new double[] {520, 520}, 0.02, 0);
        assertThat(beyond.call()).isEqualTo(Call.DIFFERENT);
        assertThat(beyond.text()).startsWith("**B higher**, different (constant rounds: B − A = 20.0, beyond ± 10.0");
    }

    @Test
    void nearlyConstantRoundsInsideTheMarginAreEquivalent() {
        assertThat(Difference.of(new double[] {200.0, 200.0, 199.9}, new double[] {200.0, 200.0, 200.0}, 0.02, 0).call())
                .isEqualTo(Call.EQUIVALENT);
    }

    @Test
    void aTwoPercentSlowerSleepIsDifferentNotEquivalent() {
        // block at 1,000 VUs: 1,000 ms against 1,020 ms of sleep is 1.96 % fewer TPS, rounds spread as real ones do (± 0.1 %).
        double[] a = {980.2, 981.1, 979.6};
        double[] b = {980.2 / 1.02, 981.1 / 1.02, 979.6 / 1.02};

        Difference d = Difference.of(a, b, 0.02, 0);

        assertThat(d.call()).isEqualTo(Call.DIFFERENT);
        assertThat(d.text()).startsWith("**B lower**, different (p = 0.000");
    }

    @Test
    void aSingleRoundOnEitherSideDecidesNothing() {
        Difference d = Difference.of(new double[] {500}, new double[] {400, 401}, 0.02, 0);

        assertThat(d.call()).isEqualTo(Call.INCONCLUSIVE);
        assertThat(d.text()).isEqualTo("inconclusive (1 round: needs 2 rounds a side (fresh JVMs))");
    }

    @Test
    void equalMeansWithAWideSpreadAreInconclusiveAndSayWhatWouldDecide() {
        Difference d = Difference.of(new double[] {90, 110, 100}, new double[] {110, 90, 100}, 0.02, 0);

        assertThat(d.call()).isEqualTo(Call.INCONCLUSIVE);
        // s = 10, margin 2: 2 × 100 × 8.564 / 4 = 428 rounds: past what a lab would run
        assertThat(d.text()).contains("more than 100 rounds a side would decide it");
    }
}
