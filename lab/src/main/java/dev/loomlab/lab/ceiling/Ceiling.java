package dev.loomlab.lab.ceiling;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Scenario;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The most a closed workload can get through a server, by Little's law: with N users, no
 * think time and service time S, throughput ≤ C / S where C is the concurrency the server
 * can actually hold — the users themselves, its bounded request threads (the server's own, or
 * the lab's setting where the server's descriptor says it takes it), or the connection pool
 * when a connection is held for the whole request.
 *
 * @param tps       the ceiling in requests per second, or null when S is zero (then only CPU bounds it)
 * @param limitedBy {@code vus}, {@code threads}, {@code pool} or {@code cpu}
 * @param formula   the arithmetic, for people: {@code min(500 VUs, 200 threads) / 1.000 s = 200.0 TPS}
 */
public record Ceiling(Double tps, String limitedBy, String formula) {

    /** The closed model on {@code model}'s server, given the lab's {@code --tomcat-threads} setting. */
    public static Ceiling of(Model model, Scenario scenario, Duration serviceTime, int vus, int tomcatThreads, int poolSize) {
        return of(model.requestThreads(tomcatThreads), scenario, serviceTime, vus, poolSize);
    }

    /**
     * The closed model.
     *
     * @param requestThreads the server's bounded request threads ({@link Model#requestThreads}); empty when unbounded
     */
    public static Ceiling of(OptionalInt requestThreads, Scenario scenario, Duration serviceTime, int vus, int poolSize) {
        if (serviceTime.isZero()) {
            return new Ceiling(null, "cpu", "no sleep: only CPU bounds it, Little's law gives no ceiling");
        }
        // Ties go to the earlier limit: when VUs equal the pool, nobody waits for a connection.
        long concurrency = vus;
        String limitedBy = "vus";
        StringBuilder terms = new StringBuilder(vus + " VUs");
        if (requestThreads.isPresent()) {
            int maxThreads = requestThreads.getAsInt();
            terms.append(", ").append(maxThreads).append(" threads");
            if (maxThreads < concurrency) {
                concurrency = maxThreads;
                limitedBy = "threads";
            }
        }
        if (scenario.holdsConnection()) {
            terms.append(", ").append(poolSize).append(" connections");
            if (poolSize < concurrency) {
                concurrency = poolSize;
                limitedBy = "pool";
            }
        }
        double seconds = serviceTime.toNanos() / 1e9;
        double tps = concurrency / seconds;
        String formula = (terms.indexOf(",") < 0 ? terms.toString() : "min(" + terms + ")")
                + String.format(Locale.ROOT, " / %.3f s = %.1f TPS", seconds, tps);
        return new Ceiling(tps, limitedBy, formula);
    }

    /**
     * The open model: requests arrive at {@code rate} per second whatever the server does, so
     * throughput is at most the rate, and at most what the server's bounded concurrency (its request
     * threads on a platform-thread model, the pool where a connection is held) can complete: C / S.
     */
    public static Ceiling ofOpen(Model model, Scenario scenario, Duration serviceTime, double rate, int tomcatThreads, int poolSize) {
        return ofOpen(model.requestThreads(tomcatThreads), scenario, serviceTime, rate, poolSize);
    }

    /** The open model, {@code requestThreads} as in {@link #of(OptionalInt, Scenario, Duration, int, int)}. */
    public static Ceiling ofOpen(OptionalInt requestThreads, Scenario scenario, Duration serviceTime, double rate, int poolSize) {
        double capacity = Double.POSITIVE_INFINITY;
        String limit = "rate";
        String term = "";
        double seconds = serviceTime.toNanos() / 1e9;
        if (seconds > 0 && requestThreads.isPresent()) {
            capacity = requestThreads.getAsInt() / seconds;
            limit = "threads";
            term = requestThreads.getAsInt() + " threads";
        }
        if (seconds > 0 && scenario.holdsConnection() && poolSize / seconds < capacity) {
            capacity = poolSize / seconds;
            limit = "pool";
            term = poolSize + " connections";
        }
        if (rate <= capacity) {
            return new Ceiling(rate, "rate", String.format(Locale.ROOT, "the offered rate %.1f/s", rate)
                    + (term.isEmpty() ? "" : String.format(Locale.ROOT, " (below %s / %.3f s = %.1f TPS)", term, seconds, capacity)));
        }
        return new Ceiling(capacity, limit, String.format(Locale.ROOT, "%s / %.3f s = %.1f TPS (below the offered %.1f/s)",
                term, seconds, capacity, rate));
    }

    /**
     * A burst of N requests at once: with C of them served at a time, the last answers after
     * ceil(N / C) × S at best (seed 004: 600 requests of 2 s on 200 threads → 6 s). The ceiling
     * is that best wall time as a throughput, N / (ceil(N / C) × S).
     */
    public static Ceiling ofBurst(Model model, Scenario scenario, Duration serviceTime, int requests, int tomcatThreads, int poolSize) {
        return ofBurst(model.requestThreads(tomcatThreads), scenario, serviceTime, requests, poolSize);
    }

    /** A burst, {@code requestThreads} as in {@link #of(OptionalInt, Scenario, Duration, int, int)}. */
    public static Ceiling ofBurst(OptionalInt requestThreads, Scenario scenario, Duration serviceTime, int requests, int poolSize) {
        if (serviceTime.isZero()) {
            return new Ceiling(null, "cpu", "no sleep: only CPU bounds a burst's wall time");
        }
        long concurrency = requests;
        String limitedBy = "vus";
        String term = requests + " requests at once";
        if (requestThreads.isPresent() && requestThreads.getAsInt() < concurrency) {
            concurrency = requestThreads.getAsInt();
            limitedBy = "threads";
            term = concurrency + " threads";
        }
        if (scenario.holdsConnection() && poolSize < concurrency) {
            concurrency = poolSize;
            limitedBy = "pool";
            term = poolSize + " connections";
        }
        double seconds = serviceTime.toNanos() / 1e9;
        long waves = (requests + concurrency - 1) / concurrency;
        double wall = waves * seconds;
        return new Ceiling(requests / wall, limitedBy, String.format(Locale.ROOT,
                "ceil(%d / %d) × %.3f s = %.3f s for the last answer (%s) = %.1f TPS", requests, concurrency, seconds, wall, term,
                requests / wall));
    }

    /** Measured throughput as a share of the ceiling, or null when there is no ceiling. */
    public Double ratio(double measuredTps) {
        return tps == null || tps == 0 ? null : measuredTps / tps;
    }
}
