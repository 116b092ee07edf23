package dev.loomlab.lab.load;

import java.util.Arrays;

/**
 * The correction of a k6 open-model sample for the iterations k6 dropped before it. k6's constant-arrival-rate
 * executor walks its schedule slot by slot and drops a slot when no VU is free at its due instant (while it catches up
 * after a stall, its VUs all busy), but {@code exec.scenario.iterationInTest} counts only the iterations that ran: after
 * <i>d</i> drops the script's due instant ({@code engines/k6-cell.js}: index / rate) is <i>d</i> / rate early, and a
 * request that went out on time would read that much late. The slots are walked in order, so the drops timestamped
 * before a request's send are the slots missing from its index: its true due instant is <i>d</i> / rate later, never
 * after its send.
 *
 * <p>The send is known to the millisecond (the script's {@code Date.now()}), the drops to the microsecond: in a
 * catch-up burst, where slots are dispatched and dropped within a millisecond, a request may count a drop or two of
 * its neighbours — its latency then reads up to that many / rate short.
 *
 * @param atMicros   the instants of k6's {@code dropped_iterations} samples (epoch µs), sorted
 * @param ratePerSec the scenario's arrival rate
 */
record K6DroppedIterations(long[] atMicros, double ratePerSec) {

    static K6DroppedIterations of(long[] atMicros, double ratePerSec) {
        long[] sorted = atMicros.clone();
        Arrays.sort(sorted);
        return new K6DroppedIterations(sorted, ratePerSec);
    }

    /** Drops before the instant (epoch ms). */
    int before(long epochMs) {
        int i = Arrays.binarySearch(atMicros, epochMs * 1000);
        if (i < 0) {
            return -i - 1;
        }
        while (i > 0 && atMicros[i - 1] == epochMs * 1000) {
            i--;
        }
        return i;
    }

    /**
     * A sample's latency timed from its true due instant.
     *
     * @param latencyMs the script's latency, from the due instant its index gave
     * @param lateMs    how late after that instant the request was sent (0: on time)
     * @param issuedMs  the send (epoch ms)
     */
    double latencyMs(double latencyMs, double lateMs, long issuedMs) {
        double missed = before(issuedMs) * 1000.0 / ratePerSec;
        return latencyMs - Math.min(lateMs, missed);
    }
}
