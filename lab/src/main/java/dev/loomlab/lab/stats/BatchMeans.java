package dev.loomlab.lab.stats;

import java.util.List;

/**
 * The method of batch means: one window's per-second counts are correlated from one second to the next (a stall
 * lowers one second and the catch-up raises the next), so they are not independent samples. Grouped into a few
 * consecutive batches, the batch means are close to independent, and Student's t over them gives an interval for
 * the window's mean rate — a single round has an interval of its own.
 */
public final class BatchMeans {
    /**
     * Batches per window. Ten is the usual choice (Schmeiser 1982: between 10 and 30 batches; fewer wider batches
     * lose degrees of freedom, more narrower ones keep the correlation); a shorter window has one batch per second.
     */
    public static final int BATCHES = 10;

    private BatchMeans() {
    }

    /**
     * The batch means of a series: {@link #BATCHES} consecutive batches of equal length; the seconds that do not fill a
     * batch are dropped from the window's start (its least settled part). A series shorter than that: one second a batch.
     */
    public static double[] of(List<? extends Number> perSecond) {
        int n = perSecond.size();
        int batches = Math.min(BATCHES, n);
        if (batches == 0) {
            return new double[0];
        }
        int size = n / batches;
        int skip = n - size * batches;
        double[] means = new double[batches];
        for (int b = 0; b < batches; b++) {
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += perSecond.get(skip + b * size + i).doubleValue();
            }
            means[b] = sum / size;
        }
        return means;
    }

    /** The interval of the series' mean per second, from its batch means. */
    public static Interval interval(List<? extends Number> perSecond) {
        return Interval.of(of(perSecond));
    }
}
