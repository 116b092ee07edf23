package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparisonTest {
    private static Comparison.Rounds rounds(int ok, double min, double max) {
        return new Comparison.Rounds(ok, 0, (min + max) / 2, min, max, 10, 20, null);
    }

    @Test
    void overlappingBandsAreWithinNoise() {
        assertThat(Comparison.verdict(rounds(3, 2853, 2859), rounds(3, 2856, 2871))).isEqualTo("within noise");
    }

    @Test
    void bandsApartAreADifferenceInEitherDirection() {
        assertThat(Comparison.verdict(rounds(3, 197.0, 197.2), rounds(3, 199.6, 199.8))).isEqualTo("**B higher**, beyond noise");
        assertThat(Comparison.verdict(rounds(3, 199.6, 199.8), rounds(3, 197.0, 197.2))).isEqualTo("**B lower**, beyond noise");
    }

    @Test
    void aSingleRoundHasNoBandAndIsNotJudged() {
        assertThat(Comparison.verdict(rounds(1, 100, 100), rounds(1, 300, 300))).isEqualTo("no noise band (1 round each)");
        assertThat(Comparison.verdict(rounds(2, 100, 101), rounds(1, 300, 300))).isEqualTo("no noise band (1 round in B)");
        assertThat(rounds(1, 100, 100).band()).isEqualTo("1 round");
    }
}
