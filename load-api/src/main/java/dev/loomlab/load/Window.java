package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;

/**
 * What is measured of a steady load: a warm-up that is not counted, then the window that is.
 * A burst has no window: it is measured from its first send to its last answer.
 *
 * <p>On the wire it is {@code {"warmup": "10s", "measure": "1m30s"}}, both in the {@link Durations} grammar:
 * the text a person types in a plan, exact to the millisecond, and bound the same by the driver's Jackson 2
 * and the lab's Jackson 3 (neither would agree on a {@link Duration} without a module configured alike).
 */
public record Window(Duration warmup, Duration measure) {
    public static final Window NONE = new Window(Duration.ZERO, Duration.ZERO);

    public Window {
        if (warmup == null || measure == null) {
            throw new InvalidLoadException("warmup and duration are both required");
        }
        Durations.check("warmup", warmup, Duration.ZERO, Limits.MAX_PHASE);
        Durations.check("duration", measure, Duration.ZERO, Limits.MAX_PHASE);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Window fromWire(Wire wire) {
        return new Window(Durations.parse("warmup", wire.warmup(), Duration.ZERO, Limits.MAX_PHASE),
                Durations.parse("duration", wire.measure(), Duration.ZERO, Limits.MAX_PHASE));
    }

    @JsonValue
    Wire toWire() {
        return new Wire(Durations.format(warmup), Durations.format(measure));
    }

    /** The JSON form: both durations as text. */
    record Wire(@JsonProperty(required = true) String warmup, @JsonProperty(required = true) String measure) {
    }

    /** Warm-up plus window: how long the steady phase runs. */
    public Duration total() {
        return warmup.plus(measure);
    }
}
