package dev.loomlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TrendTest {
    private static double[] seconds(int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = i + 1;
        }
        return t;
    }

    @Test
    void aStraightLineHasItsSlopeExactly() {
        double[] t = seconds(20);
        double[] y = new double[20];
        for (int i = 0; i < 20; i++) {
            y[i] = 100 + 0.5 * t[i];
        }
        Trend trend = Trend.fit(t, y).orElseThrow();

        assertThat(trend.slopePerS()).isCloseTo(0.5, within(1e-12));
        assertThat(trend.perMinute()).isCloseTo(30, within(1e-9));
        assertThat(trend.rises()).isTrue();
        assertThat(trend.sharePerMinute()).isCloseTo(30 / trend.mean(), within(1e-12));
    }

    @Test
    void aNoisyRiseIsFoundAndItsIntervalHoldsTheTrueSlope() {
        Random random = new Random(7);
        double[] t = seconds(60);
        double[] y = new double[60];
        for (int i = 0; i < 60; i++) {
            y[i] = 200 + 0.2 * t[i] + random.nextGaussian();
        }
        Trend trend = Trend.fit(t, y).orElseThrow();

        assertThat(trend.rises()).isTrue();
        assertThat(0.2).isBetween(trend.slopePerS() - trend.halfWidth(), trend.slopePerS() + trend.halfWidth());
    }

    /**
     * A flat figure whose seconds follow each other (each 0.9 of the one before plus noise, as a resident set or a heap moves):
     * the plain interval would call it rising far more often than 5 % of the time; the widened one stays near its size.
     */
    @Test
    void aFlatButAutocorrelatedSeriesRarelyRises() {
        Random random = new Random(11);
        int rising = 0;
        int runs = 400;
        for (int run = 0; run < runs; run++) {
            double[] t = seconds(45);
            double[] y = new double[45];
            double level = 0;
            for (int i = 0; i < 45; i++) {
                level = 0.9 * level + random.nextGaussian();
                y[i] = 150 + level;
            }
            if (Trend.fit(t, y).orElseThrow().rises()) {
                rising++;
            }
        }
        // one-sided at 95 %: 2.5 % expected; the AR(1) correction is approximate, so allow up to 8 %
        assertThat(rising).isLessThan(runs * 8 / 100);
    }

    @Test
    void pointsThatAreNotNumbersAreLeftOutAndTooFewGiveNoLine() {
        double[] t = seconds(6);
        double[] y = {1, Double.NaN, 3, Double.NaN, 5, Double.NaN};

        assertThat(Trend.fit(t, y)).isEmpty();
        assertThat(Trend.fit(seconds(5), new double[] {1, 2, 3, 4, 5}).orElseThrow().points()).isEqualTo(5);
    }
}
