package dev.loomlab.lab.ceiling;

import dev.loomlab.load.Protocol;
import java.util.Locale;
import java.util.Map;

/**
 * What limited one cell, named from its numbers. A cell at its ceiling (within {@link #AT_CEILING_GAP}) was limited
 * by the ceiling's own limit — for {@code vus} and {@code rate} the load itself. A cell below it is attributed to
 * the measured resource that explains the gap: the load driver's CPU or contention for its cores, listen-queue
 * drops, the server's CPU, the carrier queue, connection waits, GC pauses; to noise when no resource does and the
 * gap lies inside the cell's own confidence interval; and "unexplained" rather than a guess otherwise.
 *
 * @param limitedBy the ceiling's limit ({@code vus}, {@code rate}, {@code threads}, {@code pool}, {@code carriers}),
 *                  or below it {@code driver}, {@code driver-core}, {@code accept-queue}, {@code cpu},
 *                  {@code carriers}, {@code pool}, {@code gc}, {@code noise}, {@code unexplained}; or {@code errors}; above
 *                  it {@code anomaly}; and, set by the cell's judge, {@code not-settled}
 * @param note      one sentence with the evidence
 */
public record Verdict(String limitedBy, String note) {
    /**
     * A cell within this share of its ceiling is at it. Little's law's S leaves out each request's own work and
     * network: the seeds' cells at their ceiling measure 98.5–99.3 % of it (mvc-platform 197.0–197.2 TPS of its
     * 200 threads / 1 s, mvc-virtual 496.3 of 500 VUs / 1 s). A gap of more than 2 % is something the cell's
     * measured resources, or its noise, must account for.
     */
    public static final double AT_CEILING_GAP = 0.02;
    /** A load driver whose cores are this busy (by itself, or with what shares them) sets the pace. */
    public static final double DRIVER_SATURATED = 0.90;
    /** Errors above this share of requests dominate a cell. */
    public static final double ERRORS_DOMINATE = 0.01;
    /** "For most of the window": the share of samples in which a queue must be non-empty to be the limit. */
    public static final double MOST_OF_WINDOW = 0.75;
    /** Virtual threads queued for a carrier, on average, per core, that make a backlog. */
    public static final double BACKLOG_PER_CARRIER = 10;
    /**
     * GC explains a gap when its pauses took at least this share of it. A stop-the-world pause of a share g of
     * the window holds every in-flight request for that long, so a closed or open load loses about g of its
     * throughput; at half the gap or more GC is the largest measured part of it.
     */
    public static final double GC_SHARE_OF_GAP = 0.5;

    /**
     * @param noise the relative half-width of the cell's 95 % confidence interval of its TPS (0.01 = ± 1 %); NaN when unknown
     */
    public static Verdict of(Ceiling ceiling, double tps, long requests, Map<String, Long> errors, Resources r, double noise) {
        long errorCount = errors == null ? 0 : errors.values().stream().mapToLong(Long::longValue).sum();
        String cpu = Double.isNaN(r.serverCpuCores()) ? "server CPU not measured"
                : String.format(Locale.ROOT, "server CPU %.2f of %d core%s", r.serverCpuCores(), r.serverCores(), r.serverCores() == 1 ? "" : "s");
        if (requests > 0 && errorCount > ERRORS_DOMINATE * requests) {
            return new Verdict("errors", String.format(Locale.ROOT, "%d of %d requests failed (%s); %s",
                    errorCount, requests, describe(errors), cpu));
        }
        Double ratio = ceiling.ratio(tps);
        if (ratio == null) {
            Verdict resource = resource(r, Double.NaN);
            return resource != null ? new Verdict(resource.limitedBy(), String.format(Locale.ROOT, "%.1f TPS with no sleep to bound it; %s",
                    tps, resource.note()))
                    : new Verdict("unexplained", String.format(Locale.ROOT,
                            "%.1f TPS with no sleep to bound it; %s — not CPU-bound: the load driver or the network may be the limit", tps, cpu));
        }
        double gap = 1 - ratio;
        String share = String.format(Locale.ROOT, "%.1f TPS = %.1f %% of %s", tps, 100 * ratio, ceiling.formula());
        String interval = Double.isNaN(noise) ? "no confidence interval" : String.format(Locale.ROOT, "95 %% interval ± %.1f %%", 100 * noise);
        if (ratio > 1 + Protocol.ABOVE_CEILING && "cpu".equals(ceiling.limitedBy()) && r.serverCpuCores() > 0 && tps > 0) {
            // the utilization law's demand was measured at low load; under load a server batches (one wake-up, many requests)
            // not an anomaly of the measurement: the utilization law's demand was measured at low load, an estimate
            return new Verdict("cpu", share + String.format(Locale.ROOT, " — above the CPU ceiling measured at low load: under load the "
                    + "server spent %.3f ms of CPU per request (%.2f cores / %.1f TPS), less than at low load (work batched under "
                    + "load), so that estimate of its ceiling is low; %s", 1000 * r.serverCpuCores() / tps, r.serverCpuCores(), tps, cpu));
        }
        if (ratio > 1 + Protocol.ABOVE_CEILING) {
            return new Verdict("anomaly", share + String.format(Locale.ROOT, " — above what its ceiling allows: a measurement anomaly, "
                    + "not a result. The server held more requests at once, or each for less time, than %s assumes (a pool or "
                    + "thread count other than planned, a sleep cut short), or the window's edges caught answers of the warm-up; %s",
                    ceiling.formula(), cpu));
        }
        if (atCeiling(ratio)) {
            return new Verdict(ceiling.limitedBy(), share + " — at the ceiling: capped by " + words(ceiling.limitedBy()) + "; " + cpu);
        }
        Verdict resource = resource(r, gap);
        if (resource != null) {
            return new Verdict(resource.limitedBy(), share + "; " + resource.note());
        }
        if (!Double.isNaN(noise) && gap <= noise) {
            return new Verdict("noise", String.format(Locale.ROOT, "%s; the %.1f %% gap is inside the cell's own %s — noise: "
                    + "the cell cannot be told apart from its ceiling, %s (more rounds or a longer window narrow the interval); %s",
                    share, 100 * gap, interval, words(ceiling.limitedBy()), cpu));
        }
        return new Verdict("unexplained", share + "; " + cpu + ", " + interval
                + " — below the ceiling with no saturated resource measured");
    }

    /** Whether a cell at {@code ratio} of its ceiling is at it: the one test the verdict and the findings share. */
    public static boolean atCeiling(double ratio) {
        return ratio >= 1 - AT_CEILING_GAP;
    }

    /** Whether GC pauses of {@code gcShare} of the window explain a cell {@code gap} below its ceiling (NaN gap: no ceiling). */
    public static boolean gcExplains(double gcShare, double gap) {
        return !Double.isNaN(gcShare) && !Double.isNaN(gap) && gap > 0 && gcShare >= GC_SHARE_OF_GAP * gap;
    }

    /**
     * The measured resource that holds the cell below its ceiling, or null. The driver comes first: while it sets
     * the pace, every server figure understates the server. Then what refuses or delays work before the server's
     * threads see it (the listen queue), then what the server ran out of.
     */
    private static Verdict resource(Resources r, double gap) {
        if (r.driverCores() > 0 && r.driverCpuCores() >= DRIVER_SATURATED * r.driverCores()) {
            return new Verdict("driver", String.format(Locale.ROOT, "the load driver used %.2f of its %d core%s — the driver, not the server, set the pace",
                    r.driverCpuCores(), r.driverCores(), r.driverCores() == 1 ? "" : "s"));
        }
        if (r.driverCores() > 0 && r.driverCoresBusy() >= DRIVER_SATURATED * r.driverCores()) {
            return new Verdict("driver-core", String.format(Locale.ROOT,
                    "the driver's %d %s %.0f %% busy (driver %.2f cores, the rest other processes on them) — contention "
                            + "for the driver's CPU delayed the load", r.driverCores(), r.driverCores() == 1 ? "core was" : "cores were",
                    100 * r.driverCoresBusy() / r.driverCores(), r.driverCpuCores()));
        }
        if (r.acceptDrops() > 0) {
            return new Verdict("accept-queue", String.format(Locale.ROOT,
                    "the server's listen queue dropped %d connection attempts — each costs its client a SYN retransmit of a second or more",
                    r.acceptDrops()));
        }
        if (r.serverCores() > 0 && r.serverCpuCores() >= Protocol.CPU_SATURATED * r.serverCores()) {
            return new Verdict("cpu", String.format(Locale.ROOT, "server CPU %.2f of %d core%s — CPU-bound", r.serverCpuCores(),
                    r.serverCores(), r.serverCores() == 1 ? "" : "s"));
        }
        if (r.carriers() > 0 && r.carrierQueuedShare() >= MOST_OF_WINDOW && r.carrierQueued() >= BACKLOG_PER_CARRIER * r.carriers()) {
            // Runnable threads on a server using under half its CPU: the core was given to other work, not used up by this server.
            String starved = r.serverCores() > 0 && r.serverCpuCores() < 0.5 * r.serverCores()
                    ? String.format(Locale.ROOT, ", yet the server used only %.0f %% of its CPU: its core was busy with other work",
                            100 * r.serverCpuCores() / r.serverCores())
                    : "";
            return new Verdict("carriers", String.format(Locale.ROOT,
                    "a mean of %.0f virtual threads queued for the carriers of %d core%s in %.0f %% of the window — the carriers were the limit%s",
                    r.carrierQueued(), r.carriers(), r.carriers() == 1 ? "" : "s", 100 * r.carrierQueuedShare(), starved));
        }
        if (r.poolWaitShare() >= MOST_OF_WINDOW) {
            return new Verdict("pool", String.format(Locale.ROOT,
                    "requests waited for a database connection in %.0f %% of the window — the connection pool was the limit", 100 * r.poolWaitShare()));
        }
        if (gcExplains(r.gcPauseShare(), gap)) {
            return new Verdict("gc", String.format(Locale.ROOT,
                    "GC paused the server %.1f %% of the window, %.0f %% of the %.1f %% gap — GC pauses held every request",
                    100 * r.gcPauseShare(), 100 * r.gcPauseShare() / gap, 100 * gap));
        }
        return null;
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
