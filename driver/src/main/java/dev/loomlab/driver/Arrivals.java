package dev.loomlab.driver;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.HdrHistogram.Histogram;

import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;

/**
 * The open model's schedule: arrival k is due at the phase start + k / rate, and each request is timed from that
 * instant, not from when it was sent.
 *
 * <p>Why: Hyperfoil 0.25.2 stamps a request when its session starts it. Its constant-rate phase (metronome) starts
 * the k-th user once {@code floor(elapsedMs x rate / 1000) >= k}, and when it was held up — this JVM stopped by GC,
 * starved of CPU, or all sessions busy — it starts every overdue user at once on resuming. Those requests are then
 * stamped late, and their latency leaves out the wait they were due to suffer: coordinated omission. A request's
 * latency here is its completion minus its due instant, so any delay on the driver's side counts, and the wait
 * for a free connection too (it comes after the due instant).
 *
 * <p>Each session's first step ({@link Stamp}) takes the next arrival number. Hyperfoil starts users strictly in
 * their scheduled order, so the k-th session to run that step is the k-th arrival; sessions started at the same
 * moment on different event loops may swap numbers, which only swaps due instants among requests that left
 * together. A due arrival that never got a session before the phase ended is counted as not sent.
 *
 * <p>Latencies are filed by the second, counted from the phase start, in which the request was <em>due</em>: the
 * window holds the requests due in it.
 */
final class Arrivals {
    /**
     * A request started more than this after its due instant counts as sent late. Hyperfoil schedules users to the
     * millisecond and an event loop on a busy 2-core machine wakes a few ms late; 10 ms is above that jitter and far
     * below any stall worth reporting.
     */
    static final long LATE_AFTER_NS = 10_000_000L;

    /** The run's arrivals, for {@link Stamp}; none in a closed-model run. */
    static final Installed<Arrivals> RUN = new Installed<>();

    private final double ratePerSec;
    private final int seconds;
    private final AtomicLong next = new AtomicLong();
    /** System.nanoTime() at the phase start; Long.MIN_VALUE until the first arrival has read it. */
    private final AtomicLong phaseStartNanos = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLongArray sentBySecond;
    private final AtomicLongArray lateBySecond;
    private final AtomicLongArray maxDelayNsBySecond;
    private final LatencyBySecond latencyBySecond;

    /**
     * @param ratePerSec the open model's rate
     * @param maxPhaseMs longest the phase can last: the per-second arrays cover it
     */
    Arrivals(double ratePerSec, long maxPhaseMs) {
        this.ratePerSec = ratePerSec;
        this.seconds = (int) Math.min(Integer.MAX_VALUE - 8, maxPhaseMs / 1000 + 3);
        this.sentBySecond = new AtomicLongArray(seconds);
        this.lateBySecond = new AtomicLongArray(seconds);
        this.maxDelayNsBySecond = new AtomicLongArray(seconds);
        this.latencyBySecond = new LatencyBySecond(seconds);
    }

    /** Arrivals due in the seconds [from, to) of the phase: those k with from &lt;= k / rate &lt; to. */
    long dueBetween(int fromSecond, int toSecond) {
        return firstArrivalAt(toSecond) - firstArrivalAt(fromSecond);
    }

    private long firstArrivalAt(int second) {
        return (long) Math.ceil(second * ratePerSec - 1e-9);
    }

    /** Of the arrivals due in [from, to), those whose request was started (at any time). */
    long sentBetween(int fromSecond, int toSecond) {
        return sum(sentBySecond, fromSecond, toSecond);
    }

    /** Of the arrivals due in [from, to), those started more than {@link #LATE_AFTER_NS} after their due instant. */
    long lateBetween(int fromSecond, int toSecond) {
        return sum(lateBySecond, fromSecond, toSecond);
    }

    /** The longest any arrival due in [from, to) waited to be started, ns. */
    long maxSendDelayNsBetween(int fromSecond, int toSecond) {
        long max = 0;
        for (int s = Math.max(0, fromSecond); s < Math.min(toSecond, seconds); s++) {
            max = Math.max(max, maxDelayNsBySecond.get(s));
        }
        return max;
    }

    /** Due-to-completion times (ns) of the requests due in that second that got a status; empty if none. */
    Histogram latencies(int second) {
        return latencyBySecond.copy(second);
    }

    private long sum(AtomicLongArray a, int from, int to) {
        long n = 0;
        for (int s = Math.max(0, from); s < Math.min(to, seconds); s++) {
            n += a.get(s);
        }
        return n;
    }

    /** On the session's event loop, as its request is about to start: takes the next arrival number. */
    void stamp(Session session) {
        long nowNs = System.nanoTime();
        long base = phaseStartNanos.get();
        if (base == Long.MIN_VALUE) {
            // the phase start is an epoch-ms instant; place it on the nanosecond clock once (to within 1 ms,
            // Hyperfoil's own scheduling granularity)
            base = nowNs - (System.currentTimeMillis() - session.phaseStartTimestamp()) * 1_000_000L;
            if (!phaseStartNanos.compareAndSet(Long.MIN_VALUE, base)) {
                base = phaseStartNanos.get();
            }
        }
        long k = next.getAndIncrement();
        long dueOffsetNs = Math.round(k * 1e9 / ratePerSec);
        int second = (int) Math.min(seconds - 1, dueOffsetNs / 1_000_000_000L);
        long delayNs = Math.max(0, nowNs - (base + dueOffsetNs));
        sentBySecond.incrementAndGet(second);
        if (delayNs > LATE_AFTER_NS) {
            lateBySecond.incrementAndGet(second);
        }
        maxDelayNsBySecond.accumulateAndGet(second, delayNs, Math::max);
        Due due = due(session);
        due.dueNanos = base + dueOffsetNs;
        due.second = second;
    }

    /** On the session's event loop, once the request has completed (any outcome); a status > 0 is a response. */
    void complete(Session session, int status, long nowNs) {
        Due due = session.getResource(DueKey.INSTANCE);
        if (due == null || due.second < 0) {
            return;
        }
        if (status > 0) {
            // the window's histograms stop at one minute, the longest request timeout: a request due longer ago is
            // filed at that bound
            latencyBySecond.record(due.second, nowNs - due.dueNanos);
        }
        due.second = -1;
    }

    enum DueKey implements Session.ResourceKey<Due> {
        INSTANCE
    }

    /** The due instant of the session's request in progress. */
    static final class Due implements Session.Resource {
        long dueNanos;
        int second = -1;
    }

    private static Due due(Session session) {
        return Installed.resource(session, DueKey.INSTANCE, Due::new);
    }

    /** The open model's first step: gives the session's request its arrival number and due instant. */
    static final class Stamp implements Step, ResourceUtilizer {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean invoke(Session session) {
            Arrivals a = RUN.current();
            if (a != null) {
                a.stamp(session);
            }
            return true;
        }

        @Override
        public void reserve(Session session) {
            session.declareResource(DueKey.INSTANCE, Due::new);
        }
    }
}
