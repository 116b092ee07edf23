package dev.loomlab.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.http.statistics.HttpStats;

/**
 * The measurement window of one run (or one level of a ramp): the 1-second statistics intervals whose
 * requests were started after the warm-up and before the end of the run, merged — latency, outcomes
 * by start — and, from {@link Completions}, the requests that <em>completed</em> in the same
 * wall-clock seconds: the throughput.
 */
final class WindowSummary {
    /** The range of Hyperfoil's own interval histograms (1 min in ns, the longest request timeout). */
    static final long HIGHEST_TRACKABLE_NS = 60_000_000_000L;
    /** HdrHistogram's usual precision: a value to 1 part in 1,000 (Hyperfoil's own histograms keep 2 digits). */
    static final int SIGNIFICANT_DIGITS = 3;
    /** Nothing here is timed finer than a microsecond; from 1 ns the 3-digit histograms would take 6 more buckets. */
    static final long LOWEST_DISCERNIBLE_NS = 1_000L;

    /** One 1-second interval of the window, in nanoseconds, with its wall-clock bounds set. */
    record Interval(int index, long startEpochMs, long endEpochMs, Histogram histogram) {
    }

    final DriverSpec spec;
    private final HyperfoilRun.Result result;
    final long phaseStartEpochMs;
    final int firstInterval;
    final int endInterval;
    final long measureStartEpochMs;
    final long measureEndEpochMs;
    final double durationS;
    final List<Interval> intervals = new ArrayList<>();
    final Histogram histogram = newHistogram();

    long sent;
    long responses;
    long ok;
    long status3xx;
    long status4xx;
    long status5xx;
    long statusOther;
    long timeouts;
    long connectErrors;
    long internalErrors;
    /** Hyperfoil's own connection-error count, including the closes caused by timeouts. */
    long rawConnectionErrors;
    /** Time requests waited for a free connection, ns (Hyperfoil's "blocked" time). */
    long blockedNs;
    /** Requests that belong to intervals after the window (started after the planned end). */
    long afterWindow;

    // --- open model, by due instant (Arrivals): the schedule the window was meant to keep
    /** Arrivals due in the window. */
    long due;
    /** Of those, the ones whose request was started, at any time. */
    long dueSent;
    /** Of those, the ones started more than {@link Arrivals#LATE_AFTER_NS} after they were due. */
    long sentLate;
    /** The longest an arrival due in the window waited to be started, ns. */
    long maxSendDelayNs;

    // --- by completion (Completions): what finished inside the window's wall-clock seconds
    /** 2xx responses that completed in the window. */
    long okCompleted;
    /** Requests that completed in the window, any outcome. */
    long completedInWindow;
    /** Completed in the window by outcome, same classes as the errors. */
    long completedConnect;
    long completedTimeout;
    long completedStatus4xx;
    long completedStatus5xx;
    long completedOther;
    /** 2xx responses over the whole run, warm-up and drain included: what a server that writes must have written. */
    long okWholeRun;
    final long[] okPerSecond;
    final long[] errorsPerSecond;

    /** The run's window: whole seconds after the warm-up up to the planned end; a settling warm-up's where it was placed. */
    WindowSummary(DriverSpec spec, HyperfoilRun.Result result, long phaseEndEpochMs) {
        this(spec, result, phaseEndEpochMs, firstInterval(spec, result), endInterval(spec, result));
    }

    private static int firstInterval(DriverSpec spec, HyperfoilRun.Result result) {
        int placed = result.completions() == null ? -1 : result.completions().windowFrom();
        // a settling run stopped before its window was placed has none: from its longest warm-up on, cut at its end
        return spec.settles() ? (placed >= 0 ? placed : (int) (spec.warmupMaxMs() / 1000)) : spec.firstMeasuredInterval();
    }

    private static int endInterval(DriverSpec spec, HyperfoilRun.Result result) {
        int placed = result.completions() == null ? -1 : result.completions().windowTo();
        return spec.settles() ? (placed >= 0 ? placed : (int) (spec.phaseMs() / 1000)) : spec.endMeasuredInterval();
    }

    /** The intervals [firstInterval, plannedEnd) (seconds from the phase start), cut at the phase's actual end. */
    WindowSummary(DriverSpec spec, HyperfoilRun.Result result, long phaseEndEpochMs, int firstInterval, int plannedEnd) {
        this.spec = spec;
        this.result = result;
        this.phaseStartEpochMs = result.phaseStartEpochMs();
        this.firstInterval = firstInterval;
        if (phaseEndEpochMs > 0 && phaseStartEpochMs > 0) {
            // the phase may have ended early (e.g. interrupted): only whole intervals count
            plannedEnd = (int) Math.min(plannedEnd, Math.max(firstInterval, (phaseEndEpochMs - phaseStartEpochMs) / 1000));
        }
        this.endInterval = Math.max(firstInterval, plannedEnd);
        this.measureStartEpochMs = phaseStartEpochMs + firstInterval * HyperfoilRun.INTERVAL_MS;
        this.measureEndEpochMs = phaseStartEpochMs + endInterval * HyperfoilRun.INTERVAL_MS;
        this.durationS = (measureEndEpochMs - measureStartEpochMs) / 1000.0;

        Arrivals arrivals = result.arrivals();
        for (int i = firstInterval; i < endInterval; i++) {
            StatisticsSnapshot s = result.intervals().get(i);
            // the open model times each request from when it was due (see Arrivals); the closed model, whose next
            // request is due when the previous one has answered, from its start as Hyperfoil does, filed by the driver
            // itself at 3 digits (Completions), but for one request of a mix (the driver files the mix's requests
            // together) Hyperfoil's 2-digit histogram of that request's own metric
            boolean ownByStart = arrivals == null && result.completions() != null && !result.ofOneRequest();
            Histogram h = arrivals != null ? arrivals.latencies(i) : ownByStart ? result.completions().latencies(i) : newHistogram();
            if (s != null) {
                if (arrivals == null && !ownByStart) {
                    h.add(s.histogram);
                }
                add(s);
            }
            long start = phaseStartEpochMs + i * HyperfoilRun.INTERVAL_MS;
            h.setStartTimeStamp(start);
            h.setEndTimeStamp(start + HyperfoilRun.INTERVAL_MS);
            histogram.add(h);
            intervals.add(new Interval(i, start, start + HyperfoilRun.INTERVAL_MS, h));
        }
        histogram.setStartTimeStamp(measureStartEpochMs);
        histogram.setEndTimeStamp(measureEndEpochMs);
        for (Map.Entry<Integer, StatisticsSnapshot> e : result.intervals().tailMap(endInterval, true).entrySet()) {
            afterWindow += completed(e.getValue());
        }

        if (arrivals != null) {
            due = arrivals.dueBetween(firstInterval, endInterval);
            dueSent = arrivals.sentBetween(firstInterval, endInterval);
            sentLate = arrivals.lateBetween(firstInterval, endInterval);
            maxSendDelayNs = arrivals.maxSendDelayNsBetween(firstInterval, endInterval);
        }

        Completions c = result.completions();
        int n = endInterval - firstInterval;
        okPerSecond = new long[n];
        errorsPerSecond = new long[n];
        if (c != null) {
            okWholeRun = c.totals()[1];
            for (int i = 0; i < n; i++) {
                int second = firstInterval + i;
                okPerSecond[i] = c.ok(second);
                errorsPerSecond[i] = c.errors(second);
                okCompleted += okPerSecond[i];
                completedInWindow += okPerSecond[i] + errorsPerSecond[i];
            }
            completedConnect = c.sum(Completions.CONNECT, firstInterval, endInterval);
            completedTimeout = c.sum(Completions.TIMEOUT, firstInterval, endInterval);
            completedStatus4xx = c.sum(Completions.STATUS_4XX, firstInterval, endInterval);
            completedStatus5xx = c.sum(Completions.STATUS_5XX, firstInterval, endInterval);
            completedOther = c.sum(Completions.STATUS_OTHER, firstInterval, endInterval);
        }
    }

    static Histogram newHistogram() {
        return new Histogram(LOWEST_DISCERNIBLE_NS, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    /**
     * Requests of one snapshot that completed with any outcome. In Hyperfoil 0.25.2 a request
     * timeout closes the connection, and the close is then counted again as a connection error of
     * the same request (same start interval): those are subtracted here.
     */
    static long completed(StatisticsSnapshot s) {
        return (long) s.responseCount + s.requestTimeouts + connectErrors(s) + s.internalErrors;
    }

    /** Connection errors that were not caused by one of our own timeouts (see {@link #completed}). */
    static long connectErrors(StatisticsSnapshot s) {
        return Math.max(0, s.connectionErrors - s.requestTimeouts);
    }

    private void add(StatisticsSnapshot s) {
        sent += s.requestCount;
        responses += s.responseCount;
        timeouts += s.requestTimeouts;
        connectErrors += connectErrors(s);
        rawConnectionErrors += s.connectionErrors;
        internalErrors += s.internalErrors;
        blockedNs += s.blockedTime;
        HttpStats http = HttpStats.get(s);
        if (http != null) {
            ok += http.status_2xx;
            status3xx += http.status_3xx;
            status4xx += http.status_4xx;
            status5xx += http.status_5xx;
            statusOther += http.status_other;
        }
    }

    /** Requests of the window that completed, with any outcome (a status, a timeout, an error). */
    long requests() {
        return responses + timeouts + connectErrors + internalErrors;
    }

    /** 3xx/1xx statuses and failures that are neither connection errors nor timeouts. */
    long otherErrors() {
        return status3xx + statusOther + internalErrors;
    }

    long errors() {
        return connectErrors + timeouts + status4xx + status5xx + otherErrors();
    }

    /** 2xx responses that completed inside the window's whole seconds, per second. */
    double tpsCounted() {
        return durationS > 0 ? okCompleted / durationS : 0;
    }

    /**
     * The throughput: a closed steady load's from its users' cycles in the window (see DriverResult's tpsCounted: no
     * window-edge waves), as the 2xx share of its completions; else, and when too few users completed twice, counted.
     */
    double tps() {
        double byCycles = byCycles();
        return Double.isNaN(byCycles) ? tpsCounted() : Math.min(byCycles, tpsCounted());
    }

    /**
     * The users' cycles' rate, NaN where it does not apply. It errs upward where cycles differ between users: only the
     * users that complete twice in the window give a cycle, and they are the quick ones (a pool's waves: mvc-virtual
     * slow-query read 181.5 TPS by cycles against 150 a second in every second of its window, 150 connections held
     * 1 s each). The count errs by a wave at the window's edges, either way. So the lower of the two is taken: the
     * count where the cycles are biased, the cycles where an edge wave inflated the count.
     */
    private double byCycles() {
        if (spec.closed() && spec.gate().isEmpty() && result.completions() != null && completedInWindow > 0) {
            double rate = result.completions().ratePerSecondByCycles();
            if (!Double.isNaN(rate)) {
                return rate * okCompleted / completedInWindow;
            }
        }
        return Double.NaN;
    }

    /** Whether {@link #tps} came from the users' cycles. */
    boolean tpsByCycles() {
        double byCycles = byCycles();
        return !Double.isNaN(byCycles) && byCycles < tpsCounted();
    }

    /** The 2xx completions of each second of the warm-up, for the record of how it ended. */
    List<Long> warmupOkPerSecond() {
        List<Long> out = new ArrayList<>();
        Completions c = result.completions();
        for (int s = 0; c != null && s < firstInterval; s++) {
            out.add(c.ok(s));
        }
        return out;
    }

    /** 2xx responses to requests started inside the window, per second (the figure before completion counting). */
    double tpsByStart() {
        return durationS > 0 ? ok / durationS : 0;
    }

    double achievedRate() {
        return durationS > 0 ? sent / durationS : 0;
    }

    /** Open model: arrivals due in the window that were never sent. Always 0 for the closed model. */
    long unsent() {
        return spec.closed() ? 0 : Math.max(0, due - dueSent);
    }
}
