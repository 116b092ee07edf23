package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class LatencyBySecondTest {

    @Test
    void twoResponseTimesAQuarterPerCentApartStayApartAtThreeDigitsAsTheyDoNotAtHyperfoilsTwo() {
        long a = 199_300_000L;
        long b = 199_800_000L;
        LatencyBySecond bySecond = new LatencyBySecond(3);
        bySecond.record(1, a);
        bySecond.record(1, b);
        Histogram h = bySecond.copy(1);
        assertThat(h.getTotalCount()).isEqualTo(2);
        assertThat(h.lowestEquivalentValue(a)).isNotEqualTo(h.lowestEquivalentValue(b));
        assertThat(h.getValueAtPercentile(50)).isCloseTo(a, Percentage.withPercentage(0.1));
        assertThat(h.getMaxValue()).isCloseTo(b, Percentage.withPercentage(0.1));
        // the same two in a histogram of Hyperfoil's precision (1 min, 2 digits) fall into one bucket
        Histogram hyperfoils = new Histogram(60_000_000_000L, 2);
        assertThat(hyperfoils.lowestEquivalentValue(a)).isEqualTo(hyperfoils.lowestEquivalentValue(b));
    }

    @Test
    void eachSecondHoldsItsOwnAndAForgottenSecondTakesNothingMore() {
        LatencyBySecond bySecond = new LatencyBySecond(4);
        bySecond.record(0, 1_000_000L);
        bySecond.record(1, 2_000_000L);
        bySecond.record(2, 3_000_000L);
        bySecond.forgetBefore(2);
        bySecond.record(1, 2_000_000L);
        bySecond.record(2, 3_000_000L);
        assertThat(bySecond.copy(0).getTotalCount()).isZero();
        assertThat(bySecond.copy(1).getTotalCount()).isZero();
        assertThat(bySecond.copy(2).getTotalCount()).isEqualTo(2);
        assertThat(bySecond.copy(3).getTotalCount()).isZero();
        assertThat(bySecond.copy(4).getTotalCount()).as("past the phase").isZero();
    }

    @Test
    void aResponseBeyondTheLongestTimeoutIsFiledAtThatBound() {
        LatencyBySecond bySecond = new LatencyBySecond(1);
        bySecond.record(0, 90_000_000_000L);
        assertThat(bySecond.copy(0).getMaxValue()).isCloseTo(WindowSummary.HIGHEST_TRACKABLE_NS, Percentage.withPercentage(0.1));
    }

    @Test
    void everyEventLoopsRecordsAreCounted() throws InterruptedException {
        LatencyBySecond bySecond = new LatencyBySecond(2);
        List<Thread> loops = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            loops.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 100_000; i++) {
                    bySecond.record(i % 2, 1_000_000L + i);
                }
            }));
        }
        for (Thread loop : loops) {
            loop.join();
        }
        assertThat(bySecond.copy(0).getTotalCount() + bySecond.copy(1).getTotalCount()).isEqualTo(400_000);
    }
}
