package dev.loomlab.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * When a load has settled, and whether a measured window drifted: the one rule the driver applies second by second
 * to end a settling warm-up, and the lab applies again to every window, whichever engine measured it.
 *
 * <p>Settled is a sliding-window trend test, one of the "slope" family of warm-up rules (Hoad, Robinson and Davies,
 * "Automating warm-up length estimation", JORS 2010, compare it with MSER-5 and others): over the last
 * {@link Protocol#TREND_SECONDS} seconds, the least-squares line through the per-second values may change by at most
 * {@link Protocol#MAX_TREND} of their mean. MSER-5, the usual offline choice, needs the whole series and a few dozen batches;
 * a warm-up must end while the load runs, on a few seconds. A window drifts when the mean of its last third differs
 * from that of its first by more than {@link Protocol#MAX_DRIFT} of the window's mean <em>and</em> by more than twice the
 * standard error of that difference (its own noise): a window too short or too noisy to tell is not called drifting.
 *
 * <p>Written here rather than taken from a library: it is a least-squares slope and two means, and the driver,
 * which applies it, carries no statistics library.
 */
public final class SteadyState {
    private SteadyState() {
    }


    /** The change of the least-squares line over {@code values}, first to last, as a share of their mean (NaN: undefined). */
    public static double trend(double[] values) {
        int n = values.length;
        if (n < 2) {
            return Double.NaN;
        }
        double meanX = (n - 1) / 2.0;
        double meanY = Arrays.stream(values).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (i - meanX) * (values[i] - meanY);
            sxx += (i - meanX) * (i - meanX);
        }
        if (meanY == 0) {
            return sxy == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return sxy / sxx * (n - 1) / meanY;
    }

    /** Whether the {@link Protocol#TREND_SECONDS} values before index {@code end} of {@code series} have settled. */
    public static boolean settled(double[] series, int end) {
        if (end < Protocol.TREND_SECONDS || end > series.length) {
            return false;
        }
        double t = trend(Arrays.copyOfRange(series, end - Protocol.TREND_SECONDS, end));
        return !Double.isNaN(t) && Math.abs(t) <= Protocol.MAX_TREND;
    }

    /**
     * A server's JIT compiler over the last {@link Protocol#TREND_SECONDS} of a warm-up, and whether it has gone quiet
     * enough for the load to count as settled: its compiler threads took at most {@link Protocol#MAX_COMPILER_SHARE}
     * of the server's CPUs, or the whole server used less than {@link Protocol#COMPILER_MATTERS_ABOVE} of them (room
     * to spare: the compiler holds nothing back). A busy server still compiling its hot paths serves them interpreted
     * or half-optimized, so its completions can lie flat on a plateau that ends when the compiler does.
     *
     * @param share       the compiler threads' CPU over those seconds, as a share of the server's CPUs
     * @param serverShare the whole server's CPU over the same seconds, as a share of its CPUs
     */
    public record Compiler(double share, double serverShare) {
        public boolean quiet() {
            return share <= Protocol.MAX_COMPILER_SHARE || serverShare < Protocol.COMPILER_MATTERS_ABOVE;
        }
    }

    /**
     * The first index at or after {@code from} at which the series has settled (the warm-up ends there), or empty
     * when it never does: the offline form of what the driver decides second by second.
     */
    public static Optional<Integer> settledAt(double[] series, int from) {
        for (int end = Math.max(from, Protocol.TREND_SECONDS); end <= series.length; end++) {
            if (settled(series, end)) {
                return Optional.of(end);
            }
        }
        return Optional.empty();
    }

    /**
     * How a window drifted, first third to last third.
     *
     * @param first    the mean of its first third
     * @param last     the mean of its last third
     * @param relative {@code (last - first) / mean of the window}
     */
    public record Drift(double first, double last, double relative) {
        public String describe(String unit) {
            return String.format(Locale.ROOT, "its %s went from %.1f to %.1f (%+.1f %%) from the window's first third to its last",
                    unit, first, last, 100 * relative);
        }
    }

    /** The window's drift when it is beyond both {@link Protocol#MAX_DRIFT} and its own noise; empty otherwise or when too short to tell. */
    public static Optional<Drift> drift(double[] window) {
        int third = window.length / 3;
        if (third < 2) {
            return Optional.empty();
        }
        double[] first = Arrays.copyOfRange(window, 0, third);
        double[] last = Arrays.copyOfRange(window, window.length - third, window.length);
        double mean = Arrays.stream(window).average().orElse(0);
        double m1 = mean(first);
        double m2 = mean(last);
        double se = Math.sqrt(variance(first, m1) / third + variance(last, m2) / third);
        double diff = m2 - m1;
        if (mean <= 0 || Math.abs(diff) <= Protocol.MAX_DRIFT * mean || Math.abs(diff) <= 2 * se) {
            return Optional.empty();
        }
        return Optional.of(new Drift(m1, m2, diff / mean));
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(0);
    }

    private static double variance(double[] v, double mean) {
        double s = 0;
        for (double x : v) {
            s += (x - mean) * (x - mean);
        }
        return s / (v.length - 1);
    }
}
