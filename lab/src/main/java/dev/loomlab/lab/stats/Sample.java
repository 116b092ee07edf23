package dev.loomlab.lab.stats;

import java.util.Arrays;

/** A sample's mean and unbiased variance, which the tests and intervals of rounds and runs share. */
public final class Sample {
    private Sample() {
    }

    /** The mean; NaN for no values. */
    public static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    /** The variance with n − 1 in the denominator, around {@code mean}. */
    public static double variance(double[] x, double mean) {
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        return ss / (x.length - 1);
    }
}
