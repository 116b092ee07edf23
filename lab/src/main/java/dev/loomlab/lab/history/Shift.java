package dev.loomlab.lab.history;

import dev.loomlab.lab.stats.Interval;
import dev.loomlab.lab.stats.Sample;

/**
 * How far a series' level moved between two stretches of runs: the mean after − the mean before, with the 95 %
 * t-interval of that difference — Welch's (Welch–Satterthwaite degrees of freedom) when both stretches have two runs
 * or more; with one run after, the before stretch's prediction interval for one new run (s·√(1 + 1/n), n − 1
 * degrees of freedom), since one run holds no spread of its own.
 *
 * @param before the mean before
 * @param after  the mean after
 * @param low    the interval's low end of after − before (NaN: not known)
 * @param high   its high end
 */
public record Shift(double before, double after, double low, double high) {

    public static Shift between(double[] before, double[] after) {
        double mb = Sample.mean(before);
        double ma = Sample.mean(after);
        double d = ma - mb;
        int nb = before.length;
        int na = after.length;
        if (nb < 2 || na < 1) {
            return new Shift(mb, ma, Double.NaN, Double.NaN);
        }
        double vb = Sample.variance(before, mb);
        double half;
        if (na == 1) {
            half = Interval.tQuantile(nb - 1) * Math.sqrt(vb * (1 + 1.0 / nb));
        } else {
            double va = Sample.variance(after, ma);
            double sb = vb / nb;
            double sa = va / na;
            double se = Math.sqrt(sb + sa);
            double df = se == 0 ? nb + na - 2 : (sb + sa) * (sb + sa) / (sb * sb / (nb - 1) + sa * sa / (na - 1));
            half = Interval.tQuantile(df) * se;
        }
        return new Shift(mb, ma, d - half, d + half);
    }

    /** after − before. */
    public double size() {
        return after - before;
    }

    /** The size as a share of the level before (NaN when that is 0). */
    public double relative() {
        return before == 0 ? Double.NaN : size() / Math.abs(before);
    }

    /** Whether the interval leaves out 0: the level moved at the interval's 95 %. */
    public boolean beyondNoise() {
        return !Double.isNaN(low) && (low > 0 || high < 0);
    }
}
