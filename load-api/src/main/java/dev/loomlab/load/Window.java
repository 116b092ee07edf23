package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;

/**
 * What is measured of a steady load: a warm-up that is not counted, then the window that is.
 * A burst has no window: it is measured from its first send to its last answer.
 *
 * <p>The warm-up is fixed ({@code warmupMax == warmup}) or settles ({@code warmupMax > warmup}): it lasts at least
 * {@code warmup}, then until the load has settled by the {@link SteadyState} rule, at most {@code warmupMax}; both in
 * whole seconds then, the statistics' grid.
 *
 * <p>On the wire it is {@code {"warmup": "10s", "measure": "1m30s"}}, with {@code "warmupMax"} for a settling one, in the {@link Durations} grammar:
 * the text a person types in a plan, exact to the millisecond, and bound the same by the driver's Jackson 2
 * and the lab's Jackson 3 (neither would agree on a {@link Duration} without a module configured alike).
 */
public record Window(Duration warmup, Duration measure, Duration warmupMax) {
    public static final Window NONE = new Window(Duration.ZERO, Duration.ZERO);

    public Window {
        if (warmup == null || measure == null || warmupMax == null) {
            throw new InvalidLoadException("warmup and duration are both required");
        }
        Durations.check("warmup", warmup, Duration.ZERO, Limits.MAX_PHASE);
        Durations.check("duration", measure, Duration.ZERO, Limits.MAX_PHASE);
        Durations.check("warmupMax", warmupMax, warmup, Limits.MAX_PHASE);
        if (warmupMax.compareTo(warmup) > 0 && (warmup.toMillis() % 1000 != 0 || warmupMax.toMillis() % 1000 != 0)) {
            throw new InvalidLoadException("a settling warm-up is judged second by second: its floor and warmupMax must be whole seconds, got "
                    + Durations.format(warmup) + " and " + Durations.format(warmupMax));
        }
    }

    /** A fixed warm-up. */
    public Window(Duration warmup, Duration measure) {
        this(warmup, measure, warmup);
    }

    /** A warm-up of at least {@code floor} that lasts until the load has settled, at most {@code cap}. */
    public static Window settling(Duration floor, Duration cap, Duration measure) {
        return new Window(floor, measure, cap);
    }

    /** Whether the warm-up lasts until the load has settled rather than a fixed time. */
    public boolean settles() {
        return warmupMax.compareTo(warmup) > 0;
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Window fromWire(Wire wire) {
        Duration warmup = Durations.parse("warmup", wire.warmup(), Duration.ZERO, Limits.MAX_PHASE);
        return new Window(warmup, Durations.parse("duration", wire.measure(), Duration.ZERO, Limits.MAX_PHASE),
                wire.warmupMax() == null ? warmup : Durations.parse("warmupMax", wire.warmupMax(), Duration.ZERO, Limits.MAX_PHASE));
    }

    @JsonValue
    Wire toWire() {
        return new Wire(Durations.format(warmup), Durations.format(measure), settles() ? Durations.format(warmupMax) : null);
    }

    /** The JSON form: the durations as text; {@code warmupMax} only for a settling warm-up. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Wire(@JsonProperty(required = true) String warmup, @JsonProperty(required = true) String measure, String warmupMax) {
    }

    /** Warm-up plus window: how long the steady phase runs at most. */
    public Duration total() {
        return warmupMax.plus(measure);
    }
}
