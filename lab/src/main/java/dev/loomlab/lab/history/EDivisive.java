package dev.loomlab.lab.history;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * E-divisive means (Matteson &amp; James, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate
 * Data", JASA 2014), univariate with the moment index 1 (distance |x − y|), as MongoDB's signal-processing algorithms
 * and Apache Otava (Datadog's "hunter") use it to find where a benchmark series changed level.
 * <p>
 * Bisection: the split of a segment that maximises the energy statistic Q̂ = mn/(m+n) · (2/(mn) Σ|xᵢ−yⱼ| − mean
 * within-left distance − mean within-right distance) is the candidate; a permutation test decides it (each current
 * segment shuffled on its own, the largest Q̂ over all segments recomputed, {@link #PERMUTATIONS} times); a candidate
 * with p ≤ α is kept and its two parts are searched again, the first one above α ends the search. Under a flat series
 * the first test is a permutation test of exchangeability, so a flat series gets a change point with probability at
 * most α ({@link #ALPHA}, 5 % per series); the right segment runs to the segment's end (Otava's and MongoDB's
 * simplification of the paper's search over both ends).
 * <p>
 * Written here: no maintained Java library implements it (the implementations are R's {@code ecp}, Python's
 * {@code signal-processing-algorithms} and {@code apache-otava}, a Rust port; Horreum's is inside its server), and
 * the method is 100 lines over a distance matrix.
 */
public final class EDivisive {
    /** The false-alarm rate of each series: a flat series is given a change point at most this often. */
    public static final double ALPHA = 0.05;
    /** As R's {@code ecp}: p is known to ± 1.5 % at α = 5 %. */
    public static final int PERMUTATIONS = 199;
    /**
     * The fewest runs on either side of a change point: one run alone is an outlier, not a level (the latest run's
     * own change is {@link LatestRun}'s to judge).
     */
    public static final int MIN_SEGMENT = 2;

    private final double alpha;
    private final int permutations;
    private final long seed;

    public EDivisive(double alpha, int permutations, long seed) {
        if (!(alpha > 0 && alpha < 1) || permutations < 1) {
            throw new IllegalArgumentException("alpha in (0, 1) and at least one permutation, got " + alpha + ", " + permutations);
        }
        this.alpha = alpha;
        this.permutations = permutations;
        this.seed = seed;
    }

    /** The lab's: α = 5 %, 199 permutations, a fixed seed so that one series always gives the same answer. */
    public static EDivisive standard() {
        return new EDivisive(ALPHA, PERMUTATIONS, 42);
    }

    /** The change points of {@code x} in increasing order: each the index of the first value after the change. */
    public List<Integer> changePoints(double[] x) {
        TreeSet<Integer> cuts = new TreeSet<>();
        SplittableRandom random = new SplittableRandom(seed);
        while (true) {
            List<int[]> segments = segments(cuts, x.length);
            Split best = bestOver(x, segments);
            if (best == null || best.q() <= 0) {
                break;
            }
            int atLeast = 0;
            for (int r = 0; r < permutations; r++) {
                double[] shuffled = x.clone();
                segments.forEach(s -> shuffle(shuffled, s[0], s[1], random));
                Split permuted = bestOver(shuffled, segments);
                if (permuted != null && permuted.q() >= best.q()) {
                    atLeast++;
                }
            }
            double p = (atLeast + 1.0) / (permutations + 1.0);
            if (p > alpha) {
                break;
            }
            cuts.add(best.at());
        }
        return List.copyOf(cuts);
    }

    /** A candidate: the first index of the right part and its Q̂. */
    record Split(int at, double q) {
    }

    private static List<int[]> segments(TreeSet<Integer> cuts, int n) {
        List<int[]> out = new ArrayList<>();
        int start = 0;
        for (int cut : cuts) {
            out.add(new int[] {start, cut});
            start = cut;
        }
        out.add(new int[] {start, n});
        return out;
    }

    private static Split bestOver(double[] x, List<int[]> segments) {
        Split best = null;
        for (int[] s : segments) {
            Split split = best(x, s[0], s[1]);
            if (split != null && (best == null || split.q() > best.q())) {
                best = split;
            }
        }
        return best;
    }

    /** The split of x[from, to) with the largest Q̂, each side at least {@link #MIN_SEGMENT}; null when none fits. */
    static Split best(double[] x, int from, int to) {
        int n = to - from;
        if (n < 2 * MIN_SEGMENT) {
            return null;
        }
        // within[k]: the sum of |xi − xj| over pairs inside x[from, from + k); behind[k]: inside x[from + k, to)
        double[] within = new double[n + 1];
        double[] behind = new double[n + 1];
        for (int k = 1; k <= n; k++) {
            within[k] = within[k - 1] + distances(x, from + k - 1, from, from + k - 1);
        }
        for (int k = n - 1; k >= 0; k--) {
            behind[k] = behind[k + 1] + distances(x, from + k, from + k + 1, to);
        }
        Split best = null;
        for (int k = MIN_SEGMENT; k <= n - MIN_SEGMENT; k++) {
            double m = k;
            double r = n - k;
            double cross = within[n] - within[k] - behind[k];
            double q = m * r / n * (2 * cross / (m * r) - within[k] / pairs(m) - behind[k] / pairs(r));
            if (best == null || q > best.q()) {
                best = new Split(from + k, q);
            }
        }
        return best;
    }

    private static double pairs(double m) {
        return m * (m - 1) / 2;
    }

    /** Σ |x[i] − x[j]| for j in [from, to). */
    private static double distances(double[] x, int i, int from, int to) {
        double sum = 0;
        for (int j = from; j < to; j++) {
            sum += Math.abs(x[i] - x[j]);
        }
        return sum;
    }

    private static void shuffle(double[] x, int from, int to, SplittableRandom random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            double t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
}
