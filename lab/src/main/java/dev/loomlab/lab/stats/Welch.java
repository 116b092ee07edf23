package dev.loomlab.lab.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Welch's t-test: are two sets of independent samples' means different, without assuming equal variances. Its
 * false-alarm rate is the test's size, {@code 1 − }{@link Interval#CONFIDENCE}, when the samples are close to normal —
 * rounds' TPS, or the batch means of a window's seconds, are means themselves.
 */
public final class Welch {
    private Welch() {
    }

    /** The two-sided p-value; NaN with fewer than two samples on either side. */
    public static double pValue(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) {
            return Double.NaN;
        }
        if (variance(a) == 0 && variance(b) == 0) {
            // Commons Math divides by the zero standard error: two constant samples differ exactly when their means do.
            return mean(a) == mean(b) ? 1 : 0;
        }
        return new TTest().tTest(a, b);
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    private static double variance(double[] x) {
        double m = mean(x);
        return Arrays.stream(x).map(v -> (v - m) * (v - m)).sum();
    }
}
