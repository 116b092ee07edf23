package dev.loomlab.lab.stats;

import java.util.Arrays;
import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A mean with its 95 % confidence interval by Student's t, as JMH reports its scores: mean ± t(0.975, n − 1) × s / √n
 * over n independent samples (rounds, or batch means of one round's seconds).
 *
 * @param mean      the samples' mean
 * @param halfWidth half the interval's width; NaN with fewer than two samples (one sample says nothing about its spread)
 * @param samples   how many samples the interval rests on
 */
public record Interval(double mean, double halfWidth, int samples) {
    /** The confidence of every interval and the size of every test here: 95 %, a 5 % false-alarm rate. */
    public static final double CONFIDENCE = 0.95;

    /** The interval of independent samples. */
    public static Interval of(double[] samples) {
        int n = samples.length;
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN, 0);
        }
        double mean = Arrays.stream(samples).average().orElseThrow();
        if (n == 1) {
            return new Interval(mean, Double.NaN, 1);
        }
        double ss = 0;
        for (double x : samples) {
            ss += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        return new Interval(mean, tQuantile(n - 1) * sd / Math.sqrt(n), n);
    }

    /** t(0.975, df): the two-sided 95 % quantile of Student's t. */
    public static double tQuantile(double degreesOfFreedom) {
        return TDistribution.of(degreesOfFreedom).inverseSurvivalProbability((1 - CONFIDENCE) / 2);
    }

    public double low() {
        return mean - halfWidth;
    }

    public double high() {
        return mean + halfWidth;
    }

    /** Whether there is an interval at all (two samples or more). */
    public boolean known() {
        return !Double.isNaN(halfWidth);
    }

    /** The half-width as a share of the mean: 0.01 = ± 1 %; NaN when unknown or the mean is 0. */
    public double relative() {
        return known() && mean != 0 ? halfWidth / Math.abs(mean) : Double.NaN;
    }

    /**
     * How many samples an interval of ± {@code share} of the mean would rest on at this one's spread: the least n with
     * t(0.975, n − 1) × s / √n ≤ share × |mean|, at most {@code most}; empty without a spread (fewer than two samples).
     */
    public OptionalInt samplesFor(double share, int most) {
        if (!known() || samples < 2 || mean == 0) {
            return OptionalInt.empty();
        }
        double sd = halfWidth * Math.sqrt(samples) / tQuantile(samples - 1);
        for (int n = 2; n <= most; n++) {
            if (tQuantile(n - 1) * sd / Math.sqrt(n) <= share * Math.abs(mean)) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.of(most + 1);
    }

    /** The same interval moved to be centred on {@code centre} with the same relative width (a per-second count's interval said as TPS). */
    public Interval scaledTo(double centre) {
        return mean == 0 ? new Interval(centre, Double.NaN, samples) : new Interval(centre, halfWidth * Math.abs(centre / mean), samples);
    }
}
