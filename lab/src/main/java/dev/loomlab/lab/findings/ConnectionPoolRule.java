package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.PoolKind;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Requests waited for a database connection (pool pending > 0) for most of the window: the
 * connection pool is the bottleneck. Says how many waited, for how many connections, and where
 * the waiters come from (Tomcat threads or VUs beyond the pool). With pool timeouts, HTTP 5xx or
 * client timeouts it counts them and recommends capping concurrency at the pool size — seeds
 * 000/001: 3,000 virtual threads on 150 connections collapsed to 4 TPS and 30 s pool timeouts.
 */
final class ConnectionPoolRule {
    private ConnectionPoolRule() {
    }

    static Optional<String> sentence(Evidence e) {
        double waiting = e.share(SeriesRow::poolPending, p -> p > 0);
        if (Double.isNaN(waiting) || waiting < Findings.MOST_OF_WINDOW) {
            return Optional.empty();
        }
        double pool = poolSize(e);
        double pendingMax = e.max(SeriesRow::poolPending);
        double pendingMean = e.mean(SeriesRow::poolPending);
        e.quote("waitingShare", waiting);
        e.quote("poolSize", pool);
        e.quote("pendingMax", pendingMax);
        e.quote("pendingMean", pendingMean);
        e.quote("tps", e.cell.tps());
        e.quote("serviceS", e.serviceS());
        String connections = Double.isNaN(pool) ? "a connection" : Say.count(pool) + " connections";
        String origin = origin(e, pool, pendingMax);

        List<String> harm = harm(e);
        String mean = Math.round(pendingMean) == Math.round(pendingMax) ? "" : ", mean " + Say.count(pendingMean) + ",";
        String waited = f("up to %s requests%s waited for %s in %s of the window", Say.count(pendingMax), mean, connections,
                Say.percent(waiting));
        if (!harm.isEmpty()) {
            String permits = Double.isNaN(pool) ? ""
                    : f(" (%s), e.g. a semaphore of %s permits around the query", Say.count(pool), Say.count(pool));
            String seeds = e.model().filter(m -> m.virtualThreads() && m.pool() == PoolKind.JDBC).isPresent()
                    ? " — the seeds' virtual-thread collapse" : "";
            return Optional.of(waited + (origin.isEmpty() ? "" : " (" + origin + ")") + " → " + String.join(", ", harm)
                    + "; cap concurrency at the pool size" + permits + seeds);
        }
        double s = e.serviceS();
        double tps = e.cell.tps();
        // pool / S is a ceiling only where a request holds its connection for all of S (slow-query);
        // block-query holds one for its fast select alone, so the Little's-law figure would be wrong.
        if (s <= 0 || Double.isNaN(pool) || pool <= 0 || !holdsConnectionForS(e)) {
            return Optional.of(waited + (origin.isEmpty() ? "" : " (" + origin + ")") + " — the connection pool is the bottleneck");
        }
        double cap = pool / s;
        String head = tps >= Findings.NEAR_CAP * cap
                ? f("%s ≈ %s / %s = %s — capped by the connection pool", Say.tps(tps), connections, Say.seconds(s), Say.tps(cap))
                : f("%s = %.1f %% of %s / %s = %s — the connection pool is the bottleneck", Say.tps(tps), 100 * tps / cap,
                        connections, Say.seconds(s), Say.tps(cap));
        return Optional.of(head + " (" + waited + (origin.isEmpty() ? "" : "; " + origin) + ")");
    }

    /** What the waiting cost, each quoted: pool timeouts, HTTP 5xx, client timeouts; empty when nothing failed. */
    private static List<String> harm(Evidence e) {
        List<String> harm = new ArrayList<>();
        // Hikari counts its timeouts; r2dbc-pool does not, but every server counts the pool-timeout
        // errors it answers: the larger of the two is the one that saw them all.
        double poolTimeouts = e.sum(SeriesRow::poolTimeouts);
        Double answered = e.cell.metrics() == null ? null : e.cell.metrics().get("serverErrors.pool-timeout");
        if (answered != null && (Double.isNaN(poolTimeouts) || answered > poolTimeouts)) {
            poolTimeouts = answered;
        }
        if (!Double.isNaN(poolTimeouts) && poolTimeouts > 0) {
            e.quote("poolTimeouts", poolTimeouts);
            harm.add(Say.count(poolTimeouts) + " " + poolName(e) + " connection timeouts (waited longer than the pool allows)");
        }
        if (e.errors("status5xx") > 0) {
            e.quote("status5xx", e.errors("status5xx"));
            harm.add(Say.count(e.errors("status5xx")) + " HTTP 5xx");
        }
        if (e.errors("timeout") > 0) {
            e.quote("timeouts", e.errors("timeout"));
            harm.add(Say.count(e.errors("timeout")) + " client timeouts");
        }
        return harm;
    }

    private static boolean holdsConnectionForS(Evidence e) {
        return e.cell.cell().scenario().holdsConnection();
    }

    /** The pool's size: the most connections seen in use plus idle at once, else the most in use; NaN when unknown. */
    static double poolSize(Evidence e) {
        double size = e.rows.stream().filter(r -> !Double.isNaN(r.poolActive()) && !Double.isNaN(r.poolIdle()))
                .mapToDouble(r -> r.poolActive() + r.poolIdle()).max().orElse(Double.NaN);
        return Double.isNaN(size) ? e.max(SeriesRow::poolActive) : size;
    }

    /**
     * Where the waiters come from, when the arithmetic says so: {@code 50 = 200 busy Tomcat threads − 150 connections}.
     * Hikari hands a returned connection to a waiter through a queue; until the waiter runs again it still counts as
     * waiting while its connection no longer counts as in use. On a busy core that handover lasts, and the waiters
     * exceed threads − pool by the connections on their way (57 of 200 − 150 measured on a CPU-bound server): then
     * the second that peaked says it as waiting + in use = threads.
     */
    private static String origin(Evidence e, double pool, double pendingMax) {
        if (Double.isNaN(pool)) {
            return "";
        }
        double threads = e.max(SeriesRow::tomcatMax);
        String busyThreads = "busy " + e.requestThreadsName();
        // Only a closed load has users to hold connections; NaN matches no count below.
        double users = e.cell.workload() instanceof Workload.Closed(int vus) ? vus : Double.NaN;
        if (matches(pendingMax, threads - pool)) {
            return f("%s = %s %s − %s connections", Say.count(pendingMax), Say.count(threads), busyThreads, Say.count(pool));
        }
        if (matches(pendingMax, users - pool)) {
            return f("%s = %s VUs − %s connections", Say.count(pendingMax), Say.count(users), Say.count(pool));
        }
        Optional<SeriesRow> peak = e.rows.stream().filter(r -> r.poolPending() == pendingMax && !Double.isNaN(r.poolActive()))
                .findFirst();
        if (peak.isEmpty()) {
            return "";
        }
        double inUse = peak.get().poolActive();
        double held = pendingMax + inUse;
        if (pendingMax > threads - pool && matches(held, threads)) {
            return f("%s waiting + %s in use %s %s %s", Say.count(pendingMax), Say.count(inUse), sum(held, threads), Say.count(threads),
                    busyThreads);
        }
        if (pendingMax > users - pool && matches(held, users)) {
            return f("%s waiting + %s in use %s %s VUs", Say.count(pendingMax), Say.count(inUse), sum(held, users), Say.count(users));
        }
        return "";
    }

    /** Two gauges read a moment apart add up only roughly: say so when they do not add up exactly. */
    private static String sum(double held, double expected) {
        return Math.round(held) == Math.round(expected) ? "=" : "≈";
    }

    private static boolean matches(double pending, double expected) {
        return !Double.isNaN(expected) && expected > 0 && Math.abs(pending - expected) <= Math.max(2, 0.1 * expected);
    }

    private static String poolName(Evidence e) {
        return e.model().map(Model::poolName).orElse(PoolKind.JDBC.poolName());
    }
}
