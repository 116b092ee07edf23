package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparisonTest {
    @Test
    void aDifferenceIsCalledOnlyBelowTheTestsSize() {
        assertThat(new Comparison.Judged(100, 110, 0.049, "Welch over rounds").verdict())
                .isEqualTo("**B higher**, beyond noise (p = 0.049, Welch over rounds)");
        assertThat(new Comparison.Judged(110, 100, 0.001, "Welch over rounds").verdict())
                .isEqualTo("**B lower**, beyond noise (p = 0.001, Welch over rounds)");
        assertThat(new Comparison.Judged(100, 110, 0.05, "Welch over rounds").verdict())
                .isEqualTo("within noise (p = 0.050, Welch over rounds)");
    }

    @Test
    void withoutPerSecondDataASingleRoundIsNotJudged() {
        assertThat(new Comparison.Judged(100, 300, Double.NaN, "a single round without per-second TPS").verdict())
                .isEqualTo("not judged (a single round without per-second TPS)");
    }
}
