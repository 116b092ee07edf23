package dev.loomlab.lab.cell;

import java.time.Duration;
import java.util.Optional;

/**
 * Decides when the rest of a cell's drain may run beside the next cell's start. After the window, a closed load's
 * virtual users send nothing more; the requests they had in flight are still measured until answered. Where they
 * queued (a pool or a thread queue), that takes as long as the queue: 15–20 s a cell, most of the time between two
 * windows, with the server and driver nearly idle. Those requests wait in the queue; a light load beside them (the
 * caller starts only a next cell whose load is light) adds at most a scheduling delay to latencies of many seconds.
 *
 * <p>Two limits keep what is measured as it was. The drain runs alone for one service time and a second, long enough
 * for the requests of the window's last second, which waited in no queue, to be answered: a drain without a queue has
 * ended by then and never runs beside anything. And its rest must end well before the next window: the requests left
 * ({@code vus} less those answered since the window's end, at most what the load had in flight) at the slower of its
 * mean and last rate since the window must be answered within {@code leftAtMost}, which the caller sets to the next
 * warm-up less the time this cell's stop and judging take.
 *
 * <p>Fed with the engine's reports from the window's end on ({@link #report}); not thread-safe, one engine's reports
 * come one after another.
 */
final class DrainWatch {
    private final int vus;
    private final Duration aloneAtLeast;
    private final Duration leftAtMost;
    /** The first report past the window: its time and its completions so far. */
    private double startS = Double.NaN;
    private long startRequests;
    private double lastS;
    private long lastRequests;
    private Estimate handedOver;

    /** When the drain was handed over: how far into it, and the time its requests left were estimated to take. */
    record Estimate(Duration into, Duration left, long requestsLeft) {
    }

    /**
     * @param vus          the closed load's virtual users: each had at most one request in flight at the window's end
     * @param aloneAtLeast how long the drain runs alone whatever it has left
     * @param leftAtMost   the longest the drain's rest may be estimated to take when it is handed over
     */
    DrainWatch(int vus, Duration aloneAtLeast, Duration leftAtMost) {
        this.vus = vus;
        this.aloneAtLeast = aloneAtLeast;
        this.leftAtMost = leftAtMost;
    }

    /**
     * A report past the window, {@code elapsedS} into the load with {@code requests} answered since its start: true once
     * the rest of the drain may run beside the next cell, from this report on.
     */
    boolean report(double elapsedS, long requests) {
        if (handedOver != null) {
            return true;
        }
        if (Double.isNaN(startS)) {
            startS = elapsedS;
            startRequests = requests;
            lastS = elapsedS;
            lastRequests = requests;
            return false;
        }
        double sinceLastS = elapsedS - lastS;
        long lastAnswered = requests - lastRequests;
        lastS = elapsedS;
        lastRequests = requests;
        double intoS = elapsedS - startS;
        long answered = requests - startRequests;
        if (intoS < aloneAtLeast.toNanos() / 1e9 || sinceLastS <= 0 || lastAnswered <= 0 || answered <= 0) {
            return false;
        }
        // the slower rate: a drain that is slowing down is estimated by where it is going, not where it was
        double rate = Math.min(answered / intoS, lastAnswered / sinceLastS);
        long left = Math.max(0, vus - answered);
        double leftS = left / rate;
        if (leftS > leftAtMost.toNanos() / 1e9) {
            return false;
        }
        handedOver = new Estimate(seconds(intoS), seconds(leftS), left);
        return true;
    }

    /** The estimate the drain was handed over on, or empty while it runs alone. */
    Optional<Estimate> handedOver() {
        return Optional.ofNullable(handedOver);
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
