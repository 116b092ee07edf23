package dev.loomlab.lab.cell;

import dev.loomlab.lab.result.StageTimes.Stage;
import dev.loomlab.lab.result.StageTimes;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Times a cell's stages as it goes through them: each {@link #begin} ends the stage that ran and
 * starts the next, so consecutive stages share their boundary and add up to the wall time.
 * Stages only go forward; a cell that stops early simply never begins the later ones. A stage's
 * start can be set afterwards to an instant another process's clock recorded ({@link #dateStart}):
 * the load engine's own record of when its load and its window began is exact where its progress
 * reports, read as they arrive, are late.
 */
final class StageClock {
    private final LongSupplier nanos;
    private final long start;
    /** The wall-clock instant {@link #start} was, for instants recorded by other processes. */
    private final Instant startInstant;
    private final Map<Stage, Long> starts = new EnumMap<>(Stage.class);
    private Stage current;
    private Long end;

    /** A clock whose first stage, {@link Stage#READY}, begins now. */
    StageClock() {
        this(System::nanoTime, Instant::now);
    }

    StageClock(LongSupplier nanos) {
        this(nanos, () -> Instant.EPOCH);
    }

    StageClock(LongSupplier nanos, Supplier<Instant> wallClock) {
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.startInstant = wallClock.get();
        this.current = Stage.READY;
        starts.put(Stage.READY, start);
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
        if (current == null || next.ordinal() <= current.ordinal()) {
            return;
        }
        starts.put(next, Math.max(starts.get(current), nanos.getAsLong() - ago.toNanos()));
        current = next;
    }

    /**
     * Dates the start of {@code stage}, begun already, to {@code at} by the wall clock: the stage
     * before it grows or shrinks by as much. Kept between the neighbouring stages' starts (and
     * now), so that no stage is ever negative; a stage not begun is left alone.
     */
    synchronized void dateStart(Stage stage, Instant at) {
        Long was = starts.get(stage);
        if (was == null) {
            return;
        }
        long wanted = start + Duration.between(startInstant, at).toNanos();
        long floor = starts.entrySet().stream().filter(e -> e.getKey().ordinal() < stage.ordinal()).mapToLong(Map.Entry::getValue)
                .max().orElse(start);
        long ceiling = starts.entrySet().stream().filter(e -> e.getKey().ordinal() > stage.ordinal()).mapToLong(Map.Entry::getValue)
                .min().orElse(end != null ? end : nanos.getAsLong());
        starts.put(stage, Math.min(ceiling, Math.max(floor, wanted)));
    }

    /** The stage running now. */
    synchronized Stage current() {
        return current;
    }

    /** Ends the running stage: the times of the cell. */
    synchronized StageTimes finish() {
        if (end == null) {
            end = nanos.getAsLong();
            current = null;
        }
        Map<Stage, Duration> done = new EnumMap<>(Stage.class);
        Stage[] begun = starts.keySet().toArray(Stage[]::new);
        for (int i = 0; i < begun.length; i++) {
            long until = i + 1 < begun.length ? starts.get(begun[i + 1]) : end;
            done.put(begun[i], Duration.ofNanos(until - starts.get(begun[i])));
        }
        return new StageTimes(done, Duration.ofNanos(end - start));
    }
}
