package dev.loomlab.driver;

/**
 * One load run, fully resolved (defaults applied, arguments validated).
 *
 * @param vus          closed model: number of sessions (each with its own connection); {@code null} for the open model
 * @param rate         open model: constant arrival rate, requests per second; {@code null} for the closed model
 * @param maxSessions  open model: how many requests may be in flight at once (Hyperfoil sessions)
 * @param connections  HTTP/1.1 connections the driver keeps open to the target
 * @param threads      Hyperfoil event-loop threads
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
        long timeoutMs) {

    boolean closed() {
        return vus != null;
    }

    String model() {
        return closed() ? "closed" : "open";
    }

    /** Whole seconds of warm-up: the first statistics interval that counts. */
    int firstMeasuredInterval() {
        return (int) ((warmupMs + 999) / 1000);
    }

    /** Exclusive end of the measured statistics intervals (1 s each, counted from the phase start). */
    int endMeasuredInterval() {
        return (int) ((warmupMs + durationMs) / 1000);
    }

    String describe() {
        return closed()
                ? "closed model, " + vus + " VUs, " + method + " " + target.url()
                : "open model, " + fmt(rate) + " req/s (max " + maxSessions + " sessions), " + method + " " + target.url();
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
