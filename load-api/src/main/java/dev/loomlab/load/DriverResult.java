package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The driver's {@code NAME.driver.json}: written by the driver's Jackson, read by the lab's, so each key is
 * spelled once, here. Latencies in ms from the driver's HdrHistogram; times in seconds or epoch ms as named.
 * A steady run is measured over its window, a burst from its first send to its last answer.
 *
 * @param model                 closed, open or burst
 * @param vus                   closed model: the VUs (a ramp's largest level); null otherwise
 * @param rate                  open model: the requested rate; null otherwise
 * @param requests              requests started in the window (a burst: all of them)
 * @param ok                    of those, 2xx answers
 * @param tps                   2xx per second of the window: closed model, from each virtual user's cycles in it (see
 *                              {@code tpsCounted}); otherwise the 2xx that completed in it, per second
 * @param warmupS               the warm-up the window followed: fixed, or as long as the load took to settle
 * @param requestedRate         the open model's rate, null otherwise
 * @param unsent                open model: arrivals due in the window that were never sent; a burst: requests never sent
 * @param shape                 steady, ramp (the by-hand {@code --ramp}'s levels, or a request's {@code ramp}), spike or burst
 * @param tpsByStart            2xx per second counted by start, as the latencies are
 * @param okWholeRun            2xx over the whole run, warm-up and drain included (what a writing server must have written)
 * @param errorsByCompletion    errors counted by when they ended; absent for a burst
 * @param burst                 a burst's size, null otherwise
 * @param wallTimeMs            a burst's first send to last completion, null otherwise
 * @param ramp                  the by-hand {@code --ramp}'s shape, null otherwise (a request's ramp is in its request)
 * @param levels                the by-hand {@code --ramp}'s levels, null otherwise
 * @param diagnostics           not results: what the numbers above were measured with
 * @param schedule              open model: how well the driver kept to the arrivals due in the window; null otherwise
 * @param tpsCounted            the 2xx that completed inside the window's whole seconds, per second. A closed load whose users
 *                              answer together (a 1 s sleep behind a pool) completes in waves, and a 10 s window holds 10 or
 *                              11 of them: up to 10 % above its ceiling. Each user's completions in the window, first to
 *                              last, span whole cycles of that user, so their rate has no such edge: that is {@code tps}
 *                              when at least {@code CYCLING_USERS} of the users completed twice in the window
 * @param settling              a steady run: how its warm-up ended; null for a burst and a ramp
 */
public record DriverResult(
        String engine,
        String engineVersion,
        String url,
        String method,
        String model,
        Integer vus,
        Double rate,
        double warmupS,
        double durationS,
        long measureStartEpochMs,
        long measureEndEpochMs,
        long requests,
        long ok,
        double tps,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        double p999Ms,
        double maxMs,
        double meanMs,
        ErrorCounts errors,
        Double requestedRate,
        double achievedRate,
        long unsent,
        double driverCpuS,
        String driverJvm,
        String shape,
        double tpsByStart,
        long completedInWindow,
        long okWholeRun,
        List<Long> okPerSecond,
        List<Long> errorsPerSecond,
        @JsonInclude(JsonInclude.Include.NON_NULL) ErrorCounts errorsByCompletion,
        double driverCpuSPer1000Requests,
        Integer burst,
        Double wallTimeMs,
        Ramp ramp,
        List<Level> levels,
        Diagnostics diagnostics,
        @JsonInclude(JsonInclude.Include.NON_NULL) Schedule schedule,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double tpsCounted,
        @JsonInclude(JsonInclude.Include.NON_NULL) Settling settling) {

    /** The share of a closed load's users that must complete twice in the window for {@code tps} to come from their cycles. */
    public static final double CYCLING_USERS = 0.9;

    /**
     * How a steady run's warm-up ended: {@code fixed} (its planned time), {@code settled} (the load settled by the
     * {@link SteadyState} rule) or {@code cap} (it reached {@code warmupMax} unsettled), with the series it was judged on.
     *
     * @param ended             fixed, settled or cap
     * @param warmupOkPerSecond the warm-up's 2xx completions, per second
     * @param compiler          the server's JIT compiler over the warm-up's last {@link Protocol#TREND_SECONDS}
     *                          (shares rounded to 0.001); absent when the driver could not see the server's threads (a
     *                          server it was not told of, another host)
     */
    public record Settling(String ended, List<Long> warmupOkPerSecond, @JsonInclude(JsonInclude.Include.NON_NULL) SteadyState.Compiler compiler) {
        public static final String FIXED = "fixed";
        public static final String SETTLED = "settled";
        public static final String CAP = "cap";

        /** A warm-up judged on its completions alone. */
        public Settling(String ended, List<Long> warmupOkPerSecond) {
            this(ended, warmupOkPerSecond, null);
        }
    }

    /**
     * The open model's schedule over the window: arrival k is due at the phase start + k / rate, and its latency
     * counts from then, so a request the driver sent late (its JVM paused or starved, every session busy) is timed
     * with the wait it was due to suffer.
     *
     * @param due            arrivals due in the window
     * @param sent           of those, the ones whose request was sent, at any time
     * @param sentLate       of those, the ones sent more than {@code lateAfterMs} after they were due
     * @param notSent        of those, the ones never sent (the phase ended first): {@code due - sent}
     * @param lateAfterMs    the tolerance that tells a late send from an on-time one
     * @param maxSendDelayMs the longest an arrival due in the window waited to be sent
     */
    public record Schedule(long due, long sent, long sentLate, long notSent, double lateAfterMs, double maxSendDelayMs) {
    }

    /** Failed requests by kind. */
    public record ErrorCounts(long connect, long timeout, long status4xx, long status5xx, long other) {
        public long total() {
            return connect + timeout + status4xx + status5xx + other;
        }
    }

    /** A closed-model ramp: {@code steps} levels of VUs from {@code from} to {@code to}, each {@code stepDurationS} long. */
    public record Ramp(int from, int to, int steps, double stepDurationS) {
    }

    /**
     * One level of a ramp: a point of a throughput-vs-load curve. Its figures repeat the top level's names flat, as
     * a cell file repeats them, on purpose: a record shared by both would nest them under a new key, and
     * {@code @JsonUnwrapped}, which would keep them flat, stops a strict reader refusing unknown keys.
     */
    public record Level(
            int level,
            int vus,
            long startEpochMs,
            long endEpochMs,
            double durationS,
            double tps,
            double tpsByStart,
            long requests,
            long ok,
            long completedInWindow,
            double p50Ms,
            double p90Ms,
            double p99Ms,
            double p999Ms,
            double maxMs,
            double meanMs,
            ErrorCounts errors,
            ErrorCounts errorsByCompletion,
            List<Long> okPerSecond) {
    }

    /**
     * What the numbers were measured with. {@code completedAfterWindow} and {@code sessionLimitReached} belong to a
     * steady run, {@code sendSpreadMs} (first to last send) to a burst; each is absent from the other.
     */
    public record Diagnostics(
            long responses,
            long histogramCount,
            long sent,
            long status3xx,
            long internalErrors,
            long hyperfoilConnectionErrors,
            double connectionWaitMs,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long completedAfterWindow,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean sessionLimitReached,
            @JsonInclude(JsonInclude.Include.NON_NULL) Double sendSpreadMs,
            int hyperfoilWarnings,
            int connections,
            int maxSessions,
            int threads,
            double timeoutS,
            long phaseStartEpochMs) {
    }
}
