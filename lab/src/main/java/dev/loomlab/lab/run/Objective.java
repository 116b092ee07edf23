package dev.loomlab.lab.run;

import dev.loomlab.lab.settings.PlanException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * What a level of load must meet to count as served: its p99 at most {@code p99}, and its errors under
 * {@code errorShare} of its requests. A share of 0 allows no error at all: saturate's rule since seed 001 (raise the
 * load until errors appear or p99 passes the SLO); decide's default is the SLO, p99 ≤ 1 s and errors under
 * 0.1 %. One rule for both, so that saturate's last good level and decide's capacity are the same figure.
 *
 * @param p99        the longest p99 a level may have
 * @param errorShare the errors' share of the requests a level must stay under, from 0 (no error) to below 1
 */
public record Objective(Duration p99, double errorShare) {
    public Objective {
        if (p99 == null || p99.isNegative() || p99.isZero()) {
            throw new PlanException("the objective's p99 must be above 0, got " + p99);
        }
        if (!(errorShare >= 0 && errorShare < 1)) {
            throw new PlanException("the objective's error share must be at least 0 and below 1 (0.001 is 0.1 %), got " + errorShare);
        }
    }

    /** Saturate's rule: p99 within {@code p99} and no error. */
    public static Objective noErrors(Duration p99) {
        return new Objective(p99, 0);
    }

    /** The errors' share of the requests; a level that answered nothing but errors has them all. */
    public static double errorShare(long errors, long requests) {
        if (errors <= 0) {
            return 0;
        }
        return requests <= errors ? 1 : errors / (double) requests;
    }

    /** The p99 limit in milliseconds, as a level's p99 is recorded. */
    public double p99Ms() {
        return p99.toNanos() / 1e6;
    }

    public boolean meets(Saturation.Point level) {
        return missedBy(level).isEmpty();
    }

    /** Why {@code level} misses the objective (its errors first, then its p99), or empty when it meets it. */
    public Optional<String> missedBy(Saturation.Point level) {
        double share = errorShare(level.errors(), level.requests());
        if (level.errors() > 0 && share >= errorShare) {
            String of = errorShare == 0 ? ""
                    : String.format(Locale.ROOT, " (%s of %d requests, the objective under %s)", percent(share), level.requests(), percent(errorShare));
            return Optional.of(level.errors() + (level.errors() == 1 ? " error" : " errors") + of + " at " + level.vus() + " VUs");
        }
        if (level.p99Ms() > p99Ms()) {
            return Optional.of(String.format(Locale.ROOT, "p99 %.0f ms passed the SLO of %s ms at %d VUs", level.p99Ms(), millis(), level.vus()));
        }
        return Optional.empty();
    }

    /** The objective in words: {@code p99 ≤ 1000 ms and errors under 0.1 % of requests}. */
    public String describe() {
        return "p99 ≤ " + millis() + " ms and " + (errorShare == 0 ? "no errors" : "errors under " + percent(errorShare) + " of requests");
    }

    private String millis() {
        double ms = p99Ms();
        return ms == Math.rint(ms) ? String.valueOf((long) ms) : String.format(Locale.ROOT, "%.1f", ms);
    }

    /** A share as a percentage with the digits it needs: 0.1 %, 0.05 %, 12.5 %. */
    static String percent(double share) {
        return String.format(Locale.ROOT, "%s %%", new BigDecimal(String.format(Locale.ROOT, "%.4g", share * 100))
                .stripTrailingZeros().toPlainString());
    }
}
