package dev.loomlab.driver;

import dev.loomlab.load.DriverResult;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import io.hyperfoil.api.connection.Request;
import io.hyperfoil.api.session.Action;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.http.api.HttpRequest;
import io.hyperfoil.http.api.StatusHandler;

/**
 * Counts requests by the wall-clock second in which they <em>completed</em>, with their outcome.
 *
 * <p>Hyperfoil files everything about a request under the second in which it <em>started</em>. That is
 * the right base for latency, but not for throughput: in the open model under overload the start
 * rate is the arrival rate, whatever the server completes. This class is fed by two handlers on the
 * request step: {@link StatusRecorder} notes the status of the response in a per-session slot, and
 * {@link CompletionRecorder} — a Hyperfoil completion handler, which 0.25.2 runs once per request
 * when its response has ended <em>and</em> when it failed (connection error, or the connection close
 * that follows a request timeout) — files the outcome under the current second, counted from the
 * phase start exactly as Hyperfoil counts its own statistics intervals (so the same second
 * numbers mean the same wall-clock seconds on both sides).
 *
 * <p>One instance per run, installed before the phase starts ({@link #install}); the handlers are
 * part of the benchmark definition (which must be serializable) and so find it statically.
 */
final class Completions {
    static final int OK = 0;
    static final int STATUS_4XX = 1;
    static final int STATUS_5XX = 2;
    /** 1xx/3xx statuses (redirects are not followed). */
    static final int STATUS_OTHER = 3;
    static final int TIMEOUT = 4;
    static final int CONNECT = 5;
    static final int KINDS = 6;

    /** Latency range of the completion-side histogram (burst runs): 1 hour in ns, at the window's precision. */
    static final long HIGHEST_TRACKABLE_NS = 3_600_000_000_000L;

    /** The run's completions, for the steps and handlers that count them. */
    static final Installed<Completions> RUN = new Installed<>();

    private final int seconds;
    private final AtomicLongArray counts;
    private final long timeoutNs;
    private final Recorder latency;
    /** A steady run's response times by the second their request started in (the closed model's window latency). */
    private final LatencyBySecond byStart;
    private final AtomicLong firstStartNanos = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong firstStartEpochMs = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastStartNanos = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong lastEndNanos = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong lastEndEpochMs = new AtomicLong(Long.MIN_VALUE);
    /** Completions filed under the last second because they came later than planned for. */
    private final AtomicLong overflow = new AtomicLong();
    /** Burst: requests whose session has started them (see HyperfoilRun.StartCounter). */
    private final AtomicLong started = new AtomicLong();
    /** Every session's slot, for the cycles of its completions in the window (see {@link #tpsByCycles}). */
    private final Queue<Slot> slots = new ConcurrentLinkedQueue<>();
    /** The window's seconds [from, to) once known (a settling warm-up decides it while the load runs); none until then. */
    private volatile int windowFrom = Integer.MAX_VALUE;
    private volatile int windowTo = Integer.MAX_VALUE;

    /**
     * @param maxPhaseMs   longest the phase can last (its maxDuration): the per-second arrays cover it
     * @param timeoutMs    the request timeout (to tell a timeout from a connection error if needed)
     * @param trackLatency keep a start-to-completion histogram of the responses with a status, with
     *                     a 1-hour range (burst runs, whose timeout may exceed Hyperfoil's 1-minute histograms)
     */
    Completions(long maxPhaseMs, long timeoutMs, boolean trackLatency) {
        this.seconds = (int) Math.min(Integer.MAX_VALUE / KINDS - 1, maxPhaseMs / 1000 + 3);
        this.counts = new AtomicLongArray(seconds * KINDS);
        this.timeoutNs = timeoutMs * 1_000_000L;
        this.latency = trackLatency ? new Recorder(WindowSummary.LOWEST_DISCERNIBLE_NS, HIGHEST_TRACKABLE_NS, WindowSummary.SIGNIFICANT_DIGITS) : null;
        this.byStart = trackLatency ? null : new LatencyBySecond(seconds);
    }

    /** From now on, the completions of the seconds [from, to) are the window's: each session's cycles in it are kept. */
    void window(int from, int to) {
        windowTo = to;
        windowFrom = from;
        forgetLatenciesBefore(from);
    }

    /** The requests started before {@code second} will not be in the window: their response times are let go. */
    void forgetLatenciesBefore(int second) {
        if (byStart != null) {
            byStart.forgetBefore(second);
        }
    }

    /** Start-to-response times (ns) of the requests started in that second that got a status; empty if none. */
    Histogram latencies(int second) {
        return byStart == null ? WindowSummary.newHistogram() : byStart.copy(second);
    }

    /** The window's first second, or -1 while the warm-up still runs. */
    int windowFrom() {
        int from = windowFrom;
        return from == Integer.MAX_VALUE ? -1 : from;
    }

    /** The window's end (exclusive), or -1 while the warm-up still runs. */
    int windowTo() {
        int to = windowTo;
        return to == Integer.MAX_VALUE ? -1 : to;
    }

    /**
     * The completions per second of the window, from each session's cycles in it: the sessions' completions first to
     * last in the window span whole cycles, Σ(k − 1) of them over Σ span; times the sessions that completed in it.
     * NaN when fewer than {@link dev.loomlab.load.DriverResult#CYCLING_USERS} of those completed twice in the window
     * (their cycle is longer than half of it) or none did. Written here: no library estimates a closed loop's rate.
     */
    double ratePerSecondByCycles() {
        long cycles = 0;
        long spanNs = 0;
        int active = 0;
        int cycling = 0;
        for (Slot slot : slots) {
            int k = slot.windowCompletions;
            if (k >= 1) {
                active++;
            }
            if (k >= 2) {
                cycling++;
                cycles += k - 1;
                spanNs += slot.lastInWindowNs - slot.firstInWindowNs;
            }
        }
        if (active == 0 || cycling < DriverResult.CYCLING_USERS * active || spanNs <= 0) {
            return Double.NaN;
        }
        return active * (cycles / (spanNs / 1e9));
    }

    /** Seconds the arrays cover, counted from the phase start. */
    int seconds() {
        return seconds;
    }

    long count(int second, int kind) {
        return second < 0 || second >= seconds ? 0 : counts.get(second * KINDS + kind);
    }

    long ok(int second) {
        return count(second, OK);
    }

    long all(int second) {
        long n = 0;
        for (int k = 0; k < KINDS; k++) {
            n += count(second, k);
        }
        return n;
    }

    long errors(int second) {
        return all(second) - ok(second);
    }

    /** Sum of one kind over the seconds [from, to). */
    long sum(int kind, int from, int to) {
        long n = 0;
        for (int s = Math.max(0, from); s < Math.min(to, seconds); s++) {
            n += count(s, kind);
        }
        return n;
    }

    /** Every completion so far, any outcome. */
    long total() {
        long n = 0;
        for (int i = 0; i < counts.length(); i++) {
            n += counts.get(i);
        }
        return n;
    }

    /** {all completions, 2xx completions} so far, read in one pass (so that all - ok is never negative). */
    long[] totals() {
        long all = 0;
        long ok = 0;
        for (int i = 0; i < counts.length(); i++) {
            long v = counts.get(i);
            all += v;
            if (i % KINDS == OK) {
                ok += v;
            }
        }
        return new long[] {all, ok};
    }

    long overflow() {
        return overflow.get();
    }

    void started() {
        started.incrementAndGet();
    }

    long startedCount() {
        return started.get();
    }

    /** Burst runs: when the completed requests started and ended (a first start of Long.MAX_VALUE if none completed). */
    Span span() {
        return new Span(firstStartNanos.get(), lastStartNanos.get(), lastEndNanos.get(), firstStartEpochMs.get(), lastEndEpochMs.get());
    }

    /**
     * The instants of the completed requests: the first and the last start, the last end (System.nanoTime), and the
     * first start and last end on the wall clock.
     */
    record Span(long firstStartNanos, long lastStartNanos, long lastEndNanos, long firstStartEpochMs, long lastEndEpochMs) {
        /** Whether any request completed. */
        boolean any() {
            return firstStartNanos != Long.MAX_VALUE && lastEndNanos != Long.MIN_VALUE;
        }
    }

    /** Burst runs: start-to-completion times (ns) of the responses with a status; empty if not tracked. */
    Histogram latencyHistogram() {
        return latency == null ? new Histogram(WindowSummary.LOWEST_DISCERNIBLE_NS, HIGHEST_TRACKABLE_NS, WindowSummary.SIGNIFICANT_DIGITS)
                : latency.getIntervalHistogram();
    }

    /** Called on the session's event loop once per completed request. */
    void complete(Session session, int status) {
        long nowMs = System.currentTimeMillis();
        long nowNs = System.nanoTime();
        Request request = session.currentRequest();
        int kind;
        if (status >= 200 && status < 300) {
            kind = OK;
        } else if (status >= 400 && status < 500) {
            kind = STATUS_4XX;
        } else if (status >= 500 && status < 600) {
            kind = STATUS_5XX;
        } else if (status > 0) {
            kind = STATUS_OTHER;
        } else {
            kind = timedOut(request, nowNs) ? TIMEOUT : CONNECT;
        }
        long phaseStart = session.phaseStartTimestamp();
        int second = (int) Math.max(0, (nowMs - phaseStart) / 1000);
        if (second >= seconds) {
            second = seconds - 1;
            overflow.incrementAndGet();
        }
        counts.incrementAndGet(second * KINDS + kind);
        if (second >= windowFrom && second < windowTo) {
            slot(session).cycle(nowNs);
        }
        Arrivals arrivals = Arrivals.RUN.current();
        if (arrivals != null) {
            arrivals.complete(session, status, nowNs);
        }
        if (byStart != null && request != null && status > 0) {
            // filed by the second it started in, counted from the phase start as Hyperfoil files its own
            byStart.record((int) ((request.startTimestampMillis() - phaseStart) / 1000), nowNs - request.startTimestampNanos());
        }
        if (latency != null && request != null) {
            long startNs = request.startTimestampNanos();
            if (status > 0) {
                latency.recordValue(Math.min(Math.max(0, nowNs - startNs), HIGHEST_TRACKABLE_NS));
            }
            firstStartNanos.accumulateAndGet(startNs, Math::min);
            lastStartNanos.accumulateAndGet(startNs, Math::max);
            firstStartEpochMs.accumulateAndGet(request.startTimestampMillis(), Math::min);
            lastEndNanos.accumulateAndGet(nowNs, Math::max);
            lastEndEpochMs.accumulateAndGet(nowMs, Math::max);
        }
    }

    // Hyperfoil 0.25.2 keeps a request's outcome (VALID / INVALID / TIMED_OUT) in a private field
    // with no accessor; read it when possible, else tell a timeout by its age.
    private static final VarHandle RESULT = resultHandle();

    private static VarHandle resultHandle() {
        try {
            Class<?> resultType = Class.forName("io.hyperfoil.api.connection.Request$Result", false, Request.class.getClassLoader());
            return MethodHandles.privateLookupIn(Request.class, MethodHandles.lookup()).findVarHandle(Request.class, "result", resultType);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private boolean timedOut(Request request, long nowNs) {
        if (request == null) {
            return false;
        }
        if (RESULT != null) {
            try {
                Object r = RESULT.get(request);
                return r != null && "TIMED_OUT".equals(((Enum<?>) r).name());
            } catch (RuntimeException ignored) {
                // fall through
            }
        }
        return nowNs - request.startTimestampNanos() >= timeoutNs - 1_000_000L;
    }

    /** The per-session slot holding the status of the response in progress. */
    enum SlotKey implements Session.ResourceKey<Slot> {
        INSTANCE
    }

    static final class Slot implements Session.Resource {
        int status;
        // written on the session's own event loop only; read once the phase is over
        volatile int windowCompletions;
        volatile long firstInWindowNs;
        volatile long lastInWindowNs;

        Slot() {
            Completions c = RUN.current();
            if (c != null) {
                c.slots.add(this);
            }
        }

        void cycle(long nowNs) {
            if (windowCompletions == 0) {
                firstInWindowNs = nowNs;
            }
            lastInWindowNs = nowNs;
            windowCompletions++;
        }
    }

    static Slot slot(Session session) {
        return Installed.resource(session, SlotKey.INSTANCE, Slot::new);
    }

    /** Status handler: remembers the response's status until the request completes. */
    static final class StatusRecorder implements StatusHandler, ResourceUtilizer {
        private static final long serialVersionUID = 1L;

        @Override
        public void handleStatus(HttpRequest request, int status) {
            slot(request.session).status = status;
        }

        @Override
        public void reserve(Session session) {
            session.declareResource(SlotKey.INSTANCE, Slot::new);
        }
    }

    /** Completion handler: files the request under the second it completed in, with its outcome. */
    static final class CompletionRecorder implements Action {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(Session session) {
            Slot slot = slot(session);
            int status = slot.status;
            slot.status = 0;
            Completions c = RUN.current();
            if (c != null) {
                c.complete(session, status);
            }
        }
    }
}
