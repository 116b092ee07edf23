package dev.loomlab.scenario;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code slow-query-bulkhead} fix for the seeds' pool collapse: at most pool-size requests
 * may go to the pool; one that finds no permit within {@link #WAIT_MS} is turned away with a 503
 * at once, instead of queueing in Hikari / r2dbc-pool for 30 s and failing there. A
 * {@link Semaphore} rather than Spring Framework 7's {@code @ConcurrencyLimit}: the latter blocks
 * without a bound (its throttle has no timeout), which is the queue this replaces.
 */
public final class Bulkhead {
    /** The servers' Micrometer counter of refusals, and its name on /actuator/prometheus. */
    public static final String METER = "loomlab.bulkhead.refused";
    public static final String PROMETHEUS = "loomlab_bulkhead_refused_total";

    /** How long a request may wait for a permit before it is refused. */
    public static final long WAIT_MS = 100;

    private final Semaphore permits;
    private final int size;
    private final AtomicLong refused = new AtomicLong();

    public Bulkhead(int size) {
        this.size = size;
        this.permits = new Semaphore(size, true);
    }

    /** Waits at most {@link #WAIT_MS} for a permit (blocking: for thread-per-request servers). */
    public boolean tryEnter() throws InterruptedException {
        return count(permits.tryAcquire(WAIT_MS, TimeUnit.MILLISECONDS));
    }

    /** Takes a permit only if one is free now (non-blocking: for event loops, which must not wait). */
    public boolean tryEnterNow() {
        return count(permits.tryAcquire());
    }

    public void leave() {
        permits.release();
    }

    public int size() {
        return size;
    }

    /** Requests refused so far. */
    public long refused() {
        return refused.get();
    }

    private boolean count(boolean entered) {
        if (!entered) {
            refused.incrementAndGet();
        }
        return entered;
    }

    /** The one-line body of a refusal. */
    public String refusal() {
        return "bulkhead full: all " + size + " permits (the pool size) busy for " + WAIT_MS + " ms";
    }
}
