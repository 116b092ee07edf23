package dev.loomlab.driver;

import java.util.Arrays;

/**
 * One load run, fully resolved (defaults applied, arguments validated).
 *
 * @param vus          closed model: number of sessions (each with its own connection); for a ramp the
 *                     largest level; {@code null} for the open model and a burst
 * @param rate         open model: constant arrival rate, requests per second; {@code null} otherwise
 * @param maxSessions  how many requests may be in flight at once (Hyperfoil sessions)
 * @param connections  HTTP/1.1 connections the driver keeps open to the target
 * @param threads      Hyperfoil event-loop threads
 * @param burst        burst shape: N requests fired at once, one per session; {@code null} otherwise
 * @param rampVus      ramp shape (closed model): the VUs of each level; {@code null} otherwise
 * @param stepMs       ramp shape: duration of each level (whole seconds); 0 otherwise
 */
record LoadSpec(
        Target target,
        String method,
        String body,
        String contentType,
        Integer vus,
        Double rate,
        int maxSessions,
        int connections,
        int threads,
        long warmupMs,
        long durationMs,
        long timeoutMs,
        Integer burst,
        int[] rampVus,
        long stepMs) {

    /** A steady run (no burst, no ramp): the original constructor. */
    LoadSpec(Target target, String method, String body, String contentType, Integer vus, Double rate, int maxSessions,
            int connections, int threads, long warmupMs, long durationMs, long timeoutMs) {
        this(target, method, body, contentType, vus, rate, maxSessions, connections, threads, warmupMs, durationMs, timeoutMs,
                null, null, 0);
    }

    /** Closed model (VUs), steady or ramp. */
    boolean closed() {
        return vus != null;
    }

    boolean isBurst() {
        return burst != null;
    }

    boolean isRamp() {
        return rampVus != null;
    }

    /** "closed", "open" or "burst". A ramp is "closed" (its shape says "ramp"). */
    String model() {
        return isBurst() ? "burst" : closed() ? "closed" : "open";
    }

    /** "steady", "ramp" or "burst". */
    String shape() {
        return isBurst() ? "burst" : isRamp() ? "ramp" : "steady";
    }

    /** Whole seconds of warm-up: the first statistics interval that counts. */
    int firstMeasuredInterval() {
        return (int) ((warmupMs + 999) / 1000);
    }

    /** Exclusive end of the measured statistics intervals (1 s each, counted from the phase start). */
    int endMeasuredInterval() {
        return (int) ((warmupMs + durationMs) / 1000);
    }

    /** Ramp: the first statistics interval of level k (0-based). */
    int levelFirstInterval(int k) {
        return (int) ((warmupMs + k * stepMs) / 1000);
    }

    /** The Hyperfoil phase's planned duration: warm-up + window (0 for a burst: it ends when its requests have). */
    long phaseMs() {
        return isBurst() ? 0 : warmupMs + durationMs;
    }

    String describe() {
        if (isBurst()) {
            return "burst of " + burst + " requests, " + method + " " + target.url();
        }
        if (isRamp()) {
            return "closed-model ramp, VUs " + Arrays.toString(rampVus) + ", " + stepMs + " ms each, " + method + " " + target.url();
        }
        return closed()
                ? "closed model, " + vus + " VUs, " + method + " " + target.url()
                : "open model, " + fmt(rate) + " req/s (max " + maxSessions + " sessions), " + method + " " + target.url();
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
