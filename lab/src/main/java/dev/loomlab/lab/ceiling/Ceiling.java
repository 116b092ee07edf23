package dev.loomlab.lab.ceiling;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
        Concurrency held = Concurrency.held(vus, vus + " VUs", requestThreads, scenario, poolSize);
        double seconds = serviceTime.toNanos() / 1e9;
        double tps = held.n() / seconds;
        String formula = (held.terms().size() == 1 ? held.term() : "min(" + String.join(", ", held.terms()) + ")")
                + String.format(Locale.ROOT, " / %.3f s = %.1f TPS", seconds, tps);
        return new Ceiling(tps, held.limitedBy(), formula);
    }

    /**
     * The open model: requests arrive at {@code rate} per second whatever the server does, so
     * throughput is at most the rate, and at most what the server's bounded concurrency (its request
     * threads on a platform-thread model, the pool where a connection is held) can complete: C / S;
     * {@code requestThreads} as in {@link #of(OptionalInt, Scenario, Duration, int, int)}.
     */
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
     * is that best wall time as a throughput, N / (ceil(N / C) × S); {@code requestThreads} as in
     * {@link #of(OptionalInt, Scenario, Duration, int, int)}.
     */
    public static Ceiling ofBurst(OptionalInt requestThreads, Scenario scenario, Duration serviceTime, int requests, int poolSize) {
        if (serviceTime.isZero()) {
            return new Ceiling(null, "cpu", "no sleep: only CPU bounds a burst's wall time");
        }
        Concurrency held = Concurrency.held(requests, requests + " requests at once", requestThreads, scenario, poolSize);
        double seconds = serviceTime.toNanos() / 1e9;
        long waves = (requests + held.n() - 1) / held.n();
        double wall = waves * seconds;
        return new Ceiling(requests / wall, held.limitedBy(), String.format(Locale.ROOT,
                "ceil(%d / %d) × %.3f s = %.3f s for the last answer (%s) = %.1f TPS", requests, held.n(), seconds, wall, held.term(),
                requests / wall));
    }

    /**
     * How many of {@code users} requests the server can hold at once: the users themselves, its
     * bounded request threads, or the pool where a request holds its connection throughout —
     * the smallest. Ties go to the earlier limit: when the users equal the pool, nobody waits for a
     * connection.
     *
     * @param n         that concurrency, C
     * @param limitedBy {@code vus}, {@code threads} or {@code pool}
     * @param term      the limit, in words: {@code 200 threads}
     * @param terms     every limit that applies, in that order: {@code 500 VUs}, {@code 200 threads}
     */
    private record Concurrency(long n, String limitedBy, String term, List<String> terms) {
        static Concurrency held(long users, String usersTerm, OptionalInt requestThreads, Scenario scenario, int poolSize) {
            Concurrency held = new Concurrency(users, "vus", usersTerm, List.of(usersTerm));
            if (requestThreads.isPresent()) {
                held = held.or(requestThreads.getAsInt(), "threads", requestThreads.getAsInt() + " threads");
            }
            if (scenario.holdsConnection()) {
                held = held.or(poolSize, "pool", poolSize + " connections");
            }
            return held;
        }

        /** This, or the other limit where it is strictly smaller; either way the other's term is listed. */
        private Concurrency or(long other, String otherLimitedBy, String otherTerm) {
            List<String> all = new ArrayList<>(terms);
            all.add(otherTerm);
            return other < n ? new Concurrency(other, otherLimitedBy, otherTerm, List.copyOf(all))
                    : new Concurrency(n, limitedBy, term, List.copyOf(all));
        }
    }

    /** Measured throughput as a share of the ceiling, or null when there is no ceiling. */
    public Double ratio(double measuredTps) {
        return tps == null || tps == 0 ? null : measuredTps / tps;
    }

    /**
     * This ceiling beside the CPU's (the utilization law: throughput ≤ cores / CPU seconds per request), the smaller of
     * the two, its formula naming both and which binds. A CPU-bound service is held by its cores long before its threads
     * or its users; a cell with no sleep (thread-name) gets a ceiling at all.
     *
     * @param demand the server's CPU per request, and where it was measured
     * @param cores  the CPUs the server may run on
     */
    public Ceiling withCpu(CpuDemand demand, int cores) {
        if (cores <= 0) {
            return this;
        }
        double cpuMs = demand.millis();
        double cpuTps = cores * 1000.0 / cpuMs;
        String cpu = String.format(Locale.ROOT, "%d core%s / %.3f ms CPU per request %s = %.1f TPS", cores, cores == 1 ? "" : "s",
                cpuMs, demand.measured(), cpuTps);
        if (tps == null) {
            return new Ceiling(cpuTps, "cpu", cpu + " (utilization law; no sleep, so Little's law gives none)");
        }
        if (cpuTps < tps) {
            return new Ceiling(cpuTps, "cpu", cpu + " (utilization law) — below Little's law's " + formula + ": the CPU binds");
        }
        return new Ceiling(tps, limitedBy, formula + String.format(Locale.ROOT, " — below the CPU's %.1f TPS (%d core%s / %.3f ms per request %s)",
                cpuTps, cores, cores == 1 ? "" : "s", cpuMs, demand.measured()));
    }
}
