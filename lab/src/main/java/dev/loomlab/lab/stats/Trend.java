package dev.loomlab.lab.stats;

import java.util.Optional;

/**
 * The least-squares line through a series over time, with the 95 % confidence interval of its slope: how fast a figure
 * (a server's resident set, its heap, a latency) moved over a long window.
 *
 * <p>Written here, a few lines of sums: Apache Commons Statistics, the lab's statistics library, has no regression, and
 * commons-math3's {@code SimpleRegression} would bring a second statistics library for one slope. Its interval differs
 * from the textbook one in one way: seconds of a server's figures are not independent (the resident set moves in steps,
 * a heap in saw-teeth), and residuals that follow each other make the plain interval too narrow — a flat series then
 * "grows" far more often than 5 % of the time. The slope's standard error is widened by the residuals' lag-1
 * autocorrelation r, through the effective sample size n (1 − r) / (1 + r) (Santer et al. 2000, "Statistical
 * significance of trends and trend differences in layer-average atmospheric temperature time series", J. Geophys. Res.
 * 105, eq. 6), and Student's t is taken at that size less two.
 *
 * @param slopePerS the slope, in the figure's unit per second
 * @param halfWidth half the 95 % interval of the slope (same unit); NaN when the series is too short to have one
 * @param mean      the figure's mean over the points: what a slope is a share of
 * @param points    how many points the line was fitted to
 */
public record Trend(double slopePerS, double halfWidth, double mean, int points) {
    /** Fewer points than this give no line worth an interval. */
    public static final int MIN_POINTS = 5;

    /** The line through the points ({@code t[i]} seconds, {@code y[i]}) that are numbers; empty with fewer than {@link #MIN_POINTS}. */
    public static Optional<Trend> fit(double[] t, double[] y) {
        int n = 0;
        double st = 0;
        double sy = 0;
        for (int i = 0; i < t.length; i++) {
            if (Double.isFinite(t[i]) && Double.isFinite(y[i])) {
                n++;
                st += t[i];
                sy += y[i];
            }
        }
        if (n < MIN_POINTS) {
            return Optional.empty();
        }
        double tMean = st / n;
        double yMean = sy / n;
        double stt = 0;
        double sty = 0;
        for (int i = 0; i < t.length; i++) {
            if (Double.isFinite(t[i]) && Double.isFinite(y[i])) {
                stt += (t[i] - tMean) * (t[i] - tMean);
                sty += (t[i] - tMean) * (y[i] - yMean);
            }
        }
        if (stt == 0) {
            return Optional.empty();
        }
        double slope = sty / stt;
        return Optional.of(new Trend(slope, halfWidth(t, y, tMean, yMean, slope, stt, n), yMean, n));
    }

    /** t(0.975, nEff − 2) × the slope's standard error, widened by the residuals' lag-1 autocorrelation. */
    private static double halfWidth(double[] t, double[] y, double tMean, double yMean, double slope, double stt, int n) {
        double[] residuals = new double[n];
        int k = 0;
        for (int i = 0; i < t.length; i++) {
            if (Double.isFinite(t[i]) && Double.isFinite(y[i])) {
                residuals[k++] = y[i] - (yMean + slope * (t[i] - tMean));
            }
        }
        double ss = 0;
        double lagged = 0;
        for (int i = 0; i < n; i++) {
            ss += residuals[i] * residuals[i];
            if (i > 0) {
                lagged += residuals[i] * residuals[i - 1];
            }
        }
        // a perfectly straight line has no residual: its slope is known exactly
        double r = ss == 0 ? 0 : Math.max(0, lagged / ss);
        double effective = n * (1 - r) / (1 + r);
        if (effective <= 2.5) {
            return Double.NaN;
        }
        // the residuals' variance over the effective degrees of freedom, as Santer et al. do
        double se = Math.sqrt(ss / (effective - 2) / stt);
        return Interval.tQuantile(effective - 2) * se;
    }

    /** The slope per minute. */
    public double perMinute() {
        return 60 * slopePerS;
    }

    /** The interval's half-width per minute. */
    public double halfWidthPerMinute() {
        return 60 * halfWidth;
    }

    /** Whether the 95 % interval of the slope lies wholly above zero: the figure rose, beyond its noise. */
    public boolean rises() {
        return Double.isFinite(halfWidth) && slopePerS - halfWidth > 0;
    }

    /** The slope per minute as a share of the mean: 0.01 = 1 % a minute; NaN when the mean is not above 0. */
    public double sharePerMinute() {
        return mean > 0 ? perMinute() / mean : Double.NaN;
    }
}
