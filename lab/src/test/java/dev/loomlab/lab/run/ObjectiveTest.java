package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ObjectiveTest {
    private static final Objective ONE_SECOND_AND_A_THOUSANDTH = new Objective(Duration.ofSeconds(1), 0.001);

    private static Saturation.Point level(double p99Ms, long errors, long requests) {
        return new Saturation.Point(600, 590, 1000, p99Ms, errors, requests, 600.0, "vus", new Footprint(null, null, null));
    }

    @Test
    void errorsUnderTheShareMeetItAndAtOrAboveItMissIt() {
        assertThat(ONE_SECOND_AND_A_THOUSANDTH.meets(level(900, 5, 10_000))).as("0.05 %").isTrue();
        assertThat(ONE_SECOND_AND_A_THOUSANDTH.meets(level(900, 10, 10_000))).as("0.1 %: errors must stay under it").isFalse();
        assertThat(ONE_SECOND_AND_A_THOUSANDTH.missedBy(level(900, 20, 10_000)))
                .contains("20 errors (0.2 % of 10000 requests, the objective under 0.1 %) at 600 VUs");
    }

    @Test
    void aP99AboveTheLimitMissesItAndOneAtTheLimitMeetsIt() {
        assertThat(ONE_SECOND_AND_A_THOUSANDTH.meets(level(1000, 0, 10_000))).isTrue();
        assertThat(ONE_SECOND_AND_A_THOUSANDTH.missedBy(level(1000.6, 0, 10_000))).contains("p99 1001 ms passed the SLO of 1000 ms at 600 VUs");
    }

    @Test
    void saturatesRuleAllowsNoErrorAtAll() {
        Objective saturate = Objective.noErrors(Duration.ofSeconds(2));

        assertThat(saturate.missedBy(level(900, 1, 1_000_000))).contains("1 error at 600 VUs");
        assertThat(saturate.meets(level(1999, 0, 10_000))).isTrue();
        assertThat(saturate.describe()).isEqualTo("p99 ≤ 2000 ms and no errors");
        assertThat(ONE_SECOND_AND_A_THOUSANDTH.describe()).isEqualTo("p99 ≤ 1000 ms and errors under 0.1 % of requests");
    }

    @Test
    void aLevelThatAnsweredNothingButErrorsHasThemAll() {
        assertThat(Objective.errorShare(7, 0)).isEqualTo(1.0);
        assertThat(Objective.errorShare(0, 0)).isZero();
        assertThat(Objective.errorShare(3, 1000)).isEqualTo(0.003);
    }

    @Test
    void aShareOfOneOrMoreOrAZeroP99IsRefused() {
        assertThatThrownBy(() -> new Objective(Duration.ofSeconds(1), 1.0)).isInstanceOf(PlanException.class).hasMessageContaining("below 1");
        assertThatThrownBy(() -> new Objective(Duration.ofSeconds(1), Double.NaN)).isInstanceOf(PlanException.class);
        assertThatThrownBy(() -> new Objective(Duration.ZERO, 0.001)).isInstanceOf(PlanException.class).hasMessageContaining("above 0");
    }
}
