package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;

/**
 * A closed load that rises inside its measured window: it starts at {@code fromVus} when the window opens (and through
 * the warm-up), grows linearly, one level a second, to the workload's own VUs {@code over} later, then holds there to
 * the window's end. What it measures is where throughput stops rising with the load and where the latency starts to
 * climb: the knee a steady cell only brackets.
 *
 * <p>The top of the ramp is the workload's VUs (the plan's {@code vus}), as a spike's step is a factor of them: the
 * shape says how the load runs over the window, the workload what the load is. On the wire
 * {@code {"fromVus": 50, "over": "60s"}}, the duration in the {@link Durations} grammar, as {@link Window} is.
 */
public record Ramp(int fromVus, Duration over) {

    public Ramp {
        Limits.requireCount("ramp: from", fromVus, Limits.MAX_VUS);
        if (over == null || over.toMillis() < 2000 || over.toMillis() % 1000 != 0 || over.compareTo(Limits.MAX_PHASE) > 0) {
            // one level a second: a ramp over less than two seconds has no level between its ends
            throw new InvalidLoadException("ramp: 'over' must be whole seconds, at least 2s, got " + (over == null ? "nothing" : Durations.format(over)));
        }
    }

    /** The VUs of the second that starts {@code second} whole seconds into the window, on a ramp to {@code top}. */
    public int vusAt(long second, Workload.Closed top) {
        long seconds = over.toSeconds();
        if (second >= seconds) {
            return top.vus();
        }
        return (int) Math.round(fromVus + (top.vus() - fromVus) * (double) Math.max(0, second) / seconds);
    }

    /** As a plan spells it: {@code ramp from 50 over 60s}. */
    public String spelling() {
        return "ramp from " + fromVus + " over " + Durations.format(over);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Ramp fromWire(Wire wire) {
        return new Ramp(wire.fromVus(), Durations.parse("ramp over", wire.over()));
    }

    @JsonValue
    Wire toWire() {
        return new Wire(fromVus, Durations.format(over));
    }

    /** The JSON form: the duration as text. */
    record Wire(@JsonProperty(required = true) int fromVus, @JsonProperty(required = true) String over) {
    }
}
