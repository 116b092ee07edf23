package dev.loomlab.lab.stats;

import java.util.Locale;
import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * One figure of two runs, round against round, called one of three ways — a test that can only say "different" or
 * "not shown different" cannot show that a change did nothing:
 * <ul>
 * <li><b>equivalent</b>: two one-sided Welch tests (TOST) each reject a difference beyond the margin at
 *     {@link #ALPHA}: the 90 % interval of B − A lies inside ± margin. Differences within the figure's resolution
 *     (one histogram bucket) are equal: never different, and the margin is never narrower than that.</li>
 * <li><b>different</b>: Welch's two-sided test rejects no difference at {@link #ALPHA}, and equivalence is not shown
 *     (a real difference smaller than the margin is still equivalent: it does not matter by the margin's own
 *     definition).</li>
 * <li><b>inconclusive</b>: neither, or fewer than two rounds on a side — one round's seconds hold none of the
 *     run-to-run spread (a JVM's JIT, its heap, the machine's speed that minute), so no verdict rests on them.</li>
 * </ul>
 * Constant samples are known exactly (no spread to test): their difference is equal, inside or beyond the margin as it
 * stands. The tests are Apache Commons Statistics' (Welch's t with the Welch–Satterthwaite degrees of freedom); the
 * rounds needed to decide an inconclusive figure are the usual normal approximation of the tests' power.
 *
 * @param call           the verdict
 * @param a              A's mean over its rounds
 * @param b              B's mean over its rounds
 * @param low            the 90 % interval of B − A (the TOST's), NaN without one
 * @param high           its upper end
 * @param margin         the equivalence margin, in the figure's unit
 * @param roundsToDecide rounds a side that would decide an inconclusive figure at the observed spread, with
 *                       {@link #POWER}; empty when decided, or when no spread was observed
 * @param why            how it was decided, for the reader
 */
public record Difference(Call call, double a, double b, double low, double high, double margin, OptionalInt roundsToDecide,
                         String why) {
    /** The three answers. */
    public enum Call {
        DIFFERENT, EQUIVALENT, INCONCLUSIVE
    }

    /** Each test's size: one false "different" in twenty when nothing changed, one false "equivalent" in twenty at the margin. */
    public static final double ALPHA = 1 - Interval.CONFIDENCE;
    /** The power the rounds-to-decide figure is for: the usual 80 %. */
    public static final double POWER = 0.8;
    /** Beyond this many rounds a side, a figure is not worth deciding at its spread: said as "more than". */
    static final int MOST_ROUNDS = 100;

    /**
     * The call for samples {@code a} and {@code b} (one per round).
     *
     * @param marginShare the equivalence margin as a share of A's mean (0.02: ± 2 %)
     * @param resolution  a difference at most this, in the figure's unit, is no difference (one histogram bucket; 0 for
     *                    a count)
     */
    public static Difference of(double[] a, double[] b, double marginShare, double resolution) {
        double ma = Sample.mean(a);
        double mb = Sample.mean(b);
        double margin = marginShare * Math.abs(ma);
        if (a.length < 2 || b.length < 2) {
            return new Difference(Call.INCONCLUSIVE, ma, mb, Double.NaN, Double.NaN, margin, OptionalInt.empty(),
                    Math.min(a.length, b.length) + " round" + (Math.min(a.length, b.length) == 1 ? "" : "s")
                            + ": needs 2 rounds a side (fresh JVMs)");
        }
        double diff = mb - ma;
        double varA = Sample.variance(a, ma);
        double varB = Sample.variance(b, mb);
        double se = Math.sqrt(varA / a.length + varB / b.length);
        // a difference no larger than the figure's resolution is none: the margin is never finer than that
        double within = Math.max(margin, resolution);
        if (se == 0) {
            // Commons' statistic divides by the zero standard error: constant rounds differ by exactly their difference.
            Call call = Math.abs(diff) <= within ? Call.EQUIVALENT : Call.DIFFERENT;
            return new Difference(call, ma, mb, diff, diff, margin, OptionalInt.empty(), Math.abs(diff) <= resolution
                    ? "within one histogram bucket"
                    : "constant rounds: B − A = " + format(diff) + (call == Call.EQUIVALENT ? ", inside" : ", beyond") + " ± " + format(within));
        }
        TTest welch = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);
        TTest.Result twoSided = welch.test(b, a);
        double df = twoSided.getDegreesOfFreedom();
        double t = TDistribution.of(df).inverseSurvivalProbability(ALPHA);
        double low = diff - t * se;
        double high = diff + t * se;
        boolean equivalent = within > 0
                && welch.with(AlternativeHypothesis.GREATER_THAN).withMu(-within).test(b, a).getPValue() < ALPHA
                && welch.with(AlternativeHypothesis.LESS_THAN).withMu(within).test(b, a).getPValue() < ALPHA;
        String interval = String.format(Locale.ROOT, "90 %% interval of B − A [%s, %s], margin ± %s", format(low), format(high), format(within));
        if (equivalent) {
            return new Difference(Call.EQUIVALENT, ma, mb, low, high, margin, OptionalInt.empty(), interval);
        }
        double p = twoSided.getPValue();
        if (p < ALPHA && Math.abs(diff) > resolution) {
            return new Difference(Call.DIFFERENT, ma, mb, low, high, margin, OptionalInt.empty(),
                    String.format(Locale.ROOT, "p = %.3f, Welch over %d and %d rounds; %s", p, a.length, b.length, interval));
        }
        OptionalInt needed = roundsToDecide(Math.sqrt((varA + varB) / 2), diff, within);
        return new Difference(Call.INCONCLUSIVE, ma, mb, low, high, margin, needed,
                String.format(Locale.ROOT, "p = %.3f; %s", p, interval));
    }

    /**
     * Rounds a side for {@link #POWER} at spread {@code sd}: to show equivalence where the difference looks inside the
     * margin (n = 2 s² (z(1−α) + z(1−β/2))² / Δ², the TOST's at a true difference of 0), else to show the difference
     * seen (n = 2 s² (z(1−α/2) + z(1−β))² / d²). Normal quantiles: for the handful of rounds a lab runs, t's are wider,
     * so this is the least that would do.
     */
    static OptionalInt roundsToDecide(double sd, double diff, double margin) {
        if (!(sd > 0)) {
            return OptionalInt.empty();
        }
        NormalDistribution z = NormalDistribution.of(0, 1);
        double beta = 1 - POWER;
        double n = Math.abs(diff) < margin
                ? 2 * sd * sd * Math.pow(z.inverseSurvivalProbability(ALPHA) + z.inverseSurvivalProbability(beta / 2), 2) / (margin * margin)
                : 2 * sd * sd * Math.pow(z.inverseSurvivalProbability(ALPHA / 2) + z.inverseSurvivalProbability(beta), 2) / (diff * diff);
        return OptionalInt.of((int) Math.min(MOST_ROUNDS + 1, Math.max(2, Math.ceil(n))));
    }

    /** The verdict as a table cell says it: the call, then how it was reached. */
    public String text() {
        String rounds = roundsToDecide.isEmpty() ? ""
                : roundsToDecide.getAsInt() > MOST_ROUNDS ? "; more than " + MOST_ROUNDS + " rounds a side would decide it"
                : "; about " + roundsToDecide.getAsInt() + " rounds a side would decide it";
        return switch (call) {
            case EQUIVALENT -> "equivalent (" + why + ")";
            case DIFFERENT -> (b > a ? "**B higher**" : "**B lower**") + ", different (" + why + ")";
            case INCONCLUSIVE -> "inconclusive (" + why + rounds + ")";
        };
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3g", v);
    }
}
