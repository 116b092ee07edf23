package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Locale;

/**
 * A step of a steady load inside its measured window: {@code at} after the window opens the load becomes {@code factor}
 * times itself (VUs or arrivals per second) for {@code length}, then falls back to where it was. What it measures is how a
 * model takes load that arrives suddenly: the errors during the step and how long the latency takes to come back.
 *
 * <p>On the wire {@code {"factor": 3, "at": "20s", "length": "10s"}}, durations in the {@link Durations} grammar, as
 * {@link Window} is.
 */
public record Spike(double factor, Duration at, Duration length) {
    /** The largest step: a hundred times the steady load. */
    public static final double MAX_FACTOR = 100;

    public Spike {
        if (!(factor > 1) || factor > MAX_FACTOR) {
            throw new InvalidLoadException("spike: the step must be above 1x and at most " + (int) MAX_FACTOR + "x the steady load, got "
                    + factor + "x");
        }
        if (at == null || length == null) {
            throw new InvalidLoadException("spike: needs its length and when it starts (e.g. spike 3x for 10s at 20s)");
        }
        wholeSeconds("at", at);
        wholeSeconds("for", length);
    }

    private static void wholeSeconds(String part, Duration d) {
        if (d.toMillis() < 1000 || d.toMillis() % 1000 != 0 || d.compareTo(Limits.MAX_PHASE) > 0) {
            // the window's statistics are kept per second: a step between seconds could not be told apart from its neighbours
            throw new InvalidLoadException("spike: '" + part + "' must be whole seconds, at least 1s, got " + Durations.format(d));
        }
    }

    /** The load during the step: {@code factor} times the steady one (VUs rounded to the nearest). */
    public Workload during(Workload steady) {
        return switch (steady) {
            case Workload.Closed c -> new Workload.Closed((int) Math.round(c.vus() * factor));
            case Workload.Open o -> new Workload.Open(o.ratePerSec() * factor);
            case Workload.Burst b -> throw new InvalidLoadException("spike: a burst is one step already: it has no steady load to rise from");
        };
    }

    /** When the step ends, from the window's start. */
    public Duration end() {
        return at.plus(length);
    }

    /** As a plan spells it: {@code spike 3x for 10s at 20s}. */
    public String spelling() {
        return "spike " + factorText() + "x for " + Durations.format(length) + " at " + Durations.format(at);
    }

    /** {@code 3} or {@code 2.5}. */
    public String factorText() {
        return factor == Math.rint(factor) ? Long.toString((long) factor) : String.format(Locale.ROOT, "%s", factor);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Spike fromWire(Wire wire) {
        return new Spike(wire.factor(), Durations.parse("spike at", wire.at()), Durations.parse("spike length", wire.length()));
    }

    @JsonValue
    Wire toWire() {
        return new Wire(factor, Durations.format(at), Durations.format(length));
    }

    /** The JSON form: the durations as text. */
    record Wire(@JsonProperty(required = true) double factor, @JsonProperty(required = true) String at,
                @JsonProperty(required = true) String length) {
    }
}
