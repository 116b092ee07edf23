package dev.loomlab.lab.ceiling;

import java.util.Locale;
import java.util.Map;

/**
 * What limited one cell, named from its numbers: the ceiling's own limit when the cell
 * reached it, otherwise errors or a saturated CPU when the evidence says so, and "unexplained"
 * rather than a guess when it does not.
 *
 * @param limitedBy {@code vus}, {@code rate}, {@code threads}, {@code pool}, {@code carriers}, {@code cpu}, {@code errors} or {@code unexplained}
 * @param note      one sentence with the evidence
 */
public record Verdict(String limitedBy, String note) {
    /** A cell at or above this share of its ceiling is taken to be at the ceiling's limit. */
    public static final double AT_CEILING = 0.90;
    /** A server using this share of its CPU set is taken to be CPU-bound. */
    public static final double CPU_SATURATED = 0.85;
    /** Errors above this share of requests dominate a cell. */
    public static final double ERRORS_DOMINATE = 0.01;

    public static Verdict of(Ceiling ceiling, double tps, long requests, Map<String, Long> errors,
                             Double serverCpuCores, int serverCores) {
        long errorCount = errors == null ? 0 : errors.values().stream().mapToLong(Long::longValue).sum();
        String cpu = serverCpuCores == null ? "server CPU not measured"
                : String.format(Locale.ROOT, "server CPU %.2f of %d core%s", serverCpuCores, serverCores, serverCores == 1 ? "" : "s");
        boolean cpuBound = serverCpuCores != null && serverCpuCores >= CPU_SATURATED * serverCores;
        if (requests > 0 && errorCount > ERRORS_DOMINATE * requests) {
            return new Verdict("errors", String.format(Locale.ROOT, "%d of %d requests failed (%s); %s",
                    errorCount, requests, describe(errors), cpu));
        }
        Double ratio = ceiling.ratio(tps);
        if (ratio == null) {
            return cpuBound
                    ? new Verdict("cpu", String.format(Locale.ROOT, "%.1f TPS with no sleep to bound it; %s — CPU-bound", tps, cpu))
                    : new Verdict("unexplained", String.format(Locale.ROOT,
                            "%.1f TPS with no sleep to bound it; %s — not CPU-bound: the load driver or the network may be the limit", tps, cpu));
        }
        String share = String.format(Locale.ROOT, "%.1f TPS = %.1f %% of %s", tps, 100 * ratio, ceiling.formula());
        if (ratio >= AT_CEILING) {
            return new Verdict(ceiling.limitedBy(), share + " — capped by " + words(ceiling.limitedBy()) + "; " + cpu);
        }
        if (cpuBound) {
            return new Verdict("cpu", share + "; " + cpu + " — CPU-bound below the ceiling");
        }
        return new Verdict("unexplained", share + "; " + cpu + " — below the ceiling with no saturated resource measured");
    }

    private static String words(String limit) {
        return switch (limit) {
            case "vus" -> "the number of virtual users (the load itself)";
            case "threads" -> "the request thread pool";
            case "pool" -> "the connection pool";
            case "rate" -> "the offered arrival rate (the load itself)";
            case "carriers" -> "the carrier threads, each held by a pinned virtual thread";
            default -> limit;
        };
    }

    private static String describe(Map<String, Long> errors) {
        StringBuilder sb = new StringBuilder();
        errors.forEach((kind, n) -> {
            if (n > 0) {
                sb.append(sb.isEmpty() ? "" : ", ").append(n).append(' ').append(kind);
            }
        });
        return sb.toString();
    }
}
