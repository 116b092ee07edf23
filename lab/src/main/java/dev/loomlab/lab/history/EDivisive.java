package dev.loomlab.lab.history;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * E-divisive means (Matteson &amp; James, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate
 * Data", JASA 2014), with the moment index 1 (Euclidean distance |x − y|), as MongoDB's signal-processing algorithms
 * and Apache Otava (Datadog's "hunter") use it to find where a benchmark series changed level. A run is a vector (one
 * cell's figures together, {@link History}); one figure alone is the univariate case.
 * <p>
 * Bisection: the split of a segment that maximises the energy statistic Q̂ = mn/(m+n) · (2/(mn) Σ|xᵢ−yⱼ| − mean
 * within-left distance − mean within-right distance) is the candidate; a permutation test decides it (each current
 * segment shuffled on its own, the largest Q̂ over all segments recomputed); a candidate with p ≤ α is kept and its
 * two parts are searched again, the first one above α ends the search. Under no change the first test is a
 * permutation test of exchangeability, so a series without a change is given one with probability at most α; the
 * right segment runs to the segment's end (Otava's and MongoDB's simplification of the paper's search over both ends).
 * <p>
 * Written here: no maintained Java library implements it (the implementations are R's {@code ecp}, Python's
 * {@code signal-processing-algorithms} and {@code apache-otava}, a Rust port; Horreum's is inside its server), and
 * the method is 100 lines over a distance matrix.
 */
public final class EDivisive {
    /** The false-alarm rate of a family of series (a group's cells): none of them is given a change point more often. */
    public static final double ALPHA = 0.05;
    /** As R's {@code ecp} at α = 5 %: p is known to ± 1.5 %; more at a smaller α ({@link #forFamily}). */
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

    /** The lab's for one series: α = 5 %, 199 permutations, a fixed seed so that one series always gives the same answer. */
    public static EDivisive standard() {
        return forFamily(1);
    }

    /**
     * For each of {@code tests} series read together (Bonferroni): each at α = 5 % / tests, so that the family as a
     * whole is given a false change point at most 5 % of the time. The permutations grow with it, so that p is still
     * resolved ten steps below that level (199 for one series, 2,399 for twelve).
     */
    public static EDivisive forFamily(int tests) {
        if (tests < 1) {
            throw new IllegalArgumentException("a family of at least one series, got " + tests);
        }
        double level = ALPHA / tests;
        return new EDivisive(level, Math.max(PERMUTATIONS, (int) Math.ceil(10 / level) - 1), 42);
    }

    /** The level each series is tested at. */
    public double alpha() {
        return alpha;
    }

    /**
     * The smallest p a permutation test can give over {@code runs} runs: the chance that a shuffle puts the two
     * halves of a clean step apart again, 2 / C(runs, ⌊runs/2⌋) — above {@link #alpha()}, no change can be found.
     */
    public static double smallestP(int runs) {
        double ways = 1;
        int half = runs / 2;
        for (int i = 1; i <= half; i++) {
            ways = ways * (runs - half + i) / i;
        }
        return Math.min(1, 2 / ways);
    }

    /** The change points of {@code x} in increasing order: each the index of the first value after the change. */
    public List<Integer> changePoints(double[] x) {
        double[][] vectors = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            vectors[i] = new double[] {x[i]};
        }
        return changePoints(vectors);
    }

    /** The change points of a series of vectors (one per run, all of one length), as {@link #changePoints(double[])}. */
    public List<Integer> changePoints(double[][] x) {
        double[][] distance = distances(x);
        int[] identity = IntStream.range(0, x.length).toArray();
        TreeSet<Integer> cuts = new TreeSet<>();
        SplittableRandom random = new SplittableRandom(seed);
        while (true) {
            List<int[]> segments = segments(cuts, x.length);
            Split best = bestOver(distance, identity, segments);
            if (best == null || best.q() <= 0) {
                break;
            }
            int atLeast = 0;
            for (int r = 0; r < permutations; r++) {
                int[] shuffled = identity.clone();
                segments.forEach(s -> shuffle(shuffled, s[0], s[1], random));
                Split permuted = bestOver(distance, shuffled, segments);
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

    private static double[][] distances(double[][] x) {
        double[][] d = new double[x.length][x.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < i; j++) {
                double sum = 0;
                for (int k = 0; k < x[i].length; k++) {
                    sum += (x[i][k] - x[j][k]) * (x[i][k] - x[j][k]);
                }
                d[i][j] = Math.sqrt(sum);
                d[j][i] = d[i][j];
            }
        }
        return d;
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

    private static Split bestOver(double[][] distance, int[] order, List<int[]> segments) {
        Split best = null;
        for (int[] s : segments) {
            Split split = best(distance, order, s[0], s[1]);
            if (split != null && (best == null || split.q() > best.q())) {
                best = split;
            }
        }
        return best;
    }

    /**
     * The split of the runs at places [from, to) (run {@code order[i]} at place i) with the largest Q̂, each side at
     * least {@link #MIN_SEGMENT}; null when none fits.
     */
    private static Split best(double[][] distance, int[] order, int from, int to) {
        int n = to - from;
        if (n < 2 * MIN_SEGMENT) {
            return null;
        }
        // within[k]: the sum of distances over pairs inside places [from, from + k); behind[k]: inside [from + k, to)
        double[] within = new double[n + 1];
        double[] behind = new double[n + 1];
        for (int k = 1; k <= n; k++) {
            within[k] = within[k - 1] + sum(distance, order, from + k - 1, from, from + k - 1);
        }
        for (int k = n - 1; k >= 0; k--) {
            behind[k] = behind[k + 1] + sum(distance, order, from + k, from + k + 1, to);
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

    /** Σ distance between the run at place i and those at places [from, to). */
    private static double sum(double[][] distance, int[] order, int i, int from, int to) {
        double sum = 0;
        for (int j = from; j < to; j++) {
            sum += distance[order[i]][order[j]];
        }
        return sum;
    }

    private static void shuffle(int[] x, int from, int to, SplittableRandom random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            int t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
}
