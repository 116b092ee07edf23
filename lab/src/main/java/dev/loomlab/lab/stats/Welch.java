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
        if (constant(a) && constant(b)) {
            // Commons Math divides by the zero standard error: two constant samples differ exactly when their values do.
            // Asked by equality, not by a computed variance: three equal percentiles (one histogram bucket) can leave
            // a rounding residue in one variance and none in the other, and the test then returned NaN.
            return a[0] == b[0] ? 1 : 0;
        }
        return new TTest().tTest(a, b);
    }

    private static boolean constant(double[] x) {
        return Arrays.stream(x).allMatch(v -> v == x[0]);
    }
}
