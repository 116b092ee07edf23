package dev.loomlab.lab.cell;

import dev.loomlab.lab.cell.StageTimes.Stage;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Times a cell's stages as it goes through them: each {@link #begin} ends the stage that ran and
 * starts the next, so consecutive stages share their boundary and add up to the wall time.
 * Stages only go forward; a cell that stops early simply never begins the later ones.
 */
final class StageClock {
    private final LongSupplier nanos;
    private final long start;
    private final Map<Stage, Duration> done = new EnumMap<>(Stage.class);
    private Stage current;
    private long since;

    /** A clock whose first stage, {@link Stage#READY}, begins now. */
    StageClock() {
        this(System::nanoTime);
    }

    StageClock(LongSupplier nanos) {
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.current = Stage.READY;
        this.since = start;
    }

    /** Ends the running stage and begins {@code next}; a stage already past is ignored (a late report). */
    void begin(Stage next) {
        begin(next, Duration.ZERO);
    }

    /**
     * The same, for a stage that began {@code ago} (a report that arrives after the fact), though
     * never before the running stage began.
     */
    synchronized void begin(Stage next, Duration ago) {
        if (current != null && next.ordinal() <= current.ordinal()) {
            return;
        }
        long now = Math.max(since, nanos.getAsLong() - ago.toNanos());
        if (current != null) {
            done.put(current, Duration.ofNanos(now - since));
        }
        current = next;
        since = now;
    }

    /** The stage running now. */
    synchronized Stage current() {
        return current;
    }

    /** Ends the running stage: the times of the cell. */
    synchronized StageTimes finish() {
        long now = nanos.getAsLong();
        if (current != null) {
            done.put(current, Duration.ofNanos(now - since));
            current = null;
        }
        return new StageTimes(done, Duration.ofNanos(now - start));
    }
}
