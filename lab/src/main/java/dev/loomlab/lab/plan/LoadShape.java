package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Durations;
import dev.loomlab.load.InvalidLoadException;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a cell's load runs over its window, beside what the load is ({@link dev.loomlab.load.Workload}: VUs, a rate or
 * a burst). One of:
 * <ul>
 *   <li>{@link Steady}: the same load all along (the default);</li>
 *   <li>{@link Soak}: the same, over a long window whose trend is the point: the slopes of the server's resident set, its
 *       heap's floor and its p99 are fitted and kept, and the {@code memory-grows} finding reads them;</li>
 *   <li>{@link Spiked}: the load stepped up for a while inside the window ({@link Spike}), then back; the errors during
 *       the step and the time the p99 takes to come back are kept;</li>
 *   <li>{@link Ramped}: a closed load rising from a few VUs to the workload's own over part of the window
 *       ({@link Ramp}); where throughput stops rising and latency starts to climb is kept.</li>
 * </ul>
 * A plan spells it {@code shape: soak}, {@code shape: spike 3x for 10s at 20s} or {@code shape: ramp from 50 over 60s}
 * (flag {@code --shape}).
 */
public sealed interface LoadShape {
    Steady STEADY = new Steady();
    Soak SOAK = new Soak();

    /** How a plan spells it. */
    default String spelling() {
        return switch (this) {
            case Steady steady -> "steady";
            case Soak soak -> "soak";
            case Spiked(Spike spike) -> spike.spelling();
            case Ramped(Ramp ramp) -> ramp.spelling();
        };
    }

    record Steady() implements LoadShape {
    }

    record Soak() implements LoadShape {
    }

    record Spiked(Spike spike) implements LoadShape {
    }

    record Ramped(Ramp ramp) implements LoadShape {
    }

    /** The grammar of a spike: {@code spike 3x for 10s at 20s} (the step's factor, its length, its start in the window). */
    Pattern SPIKE = Pattern.compile("spike\\s+(\\d{1,3}(?:\\.\\d{1,3})?)x\\s+for\\s+(\\S+)\\s+at\\s+(\\S+)");

    /** The grammar of a ramp: {@code ramp from 50 over 60s} (the first level's VUs, how long the rise to the workload's VUs takes). */
    Pattern RAMP = Pattern.compile("ramp\\s+from\\s+(\\d{1,6})\\s+over\\s+(\\S+)");

    /** What the field allows, for the errors. */
    String ALLOWED = "allowed: steady, soak, spike Kx for DURATION at DURATION, ramp from VUS over DURATION";

    /** The shape {@code text} spells; one line naming the field and the grammar when it spells none. */
    static LoadShape parse(String text) {
        String t = text == null ? "" : text.trim().replaceAll("\\s+", " ");
        switch (t) {
            case "steady":
                return STEADY;
            case "soak":
                return SOAK;
            default:
                break;
        }
        if (t.startsWith("ramp")) {
            return ramp(text, t);
        }
        Matcher m = SPIKE.matcher(t);
        if (!m.matches()) {
            throw new PlanException("shape: cannot read " + PlanValues.quoted(String.valueOf(text))
                    + " (" + ALLOWED + " — e.g. spike 3x for 10s at 20s)");
        }
        try {
            Duration length = Durations.parse("shape: spike's for", m.group(2));
            Duration at = Durations.parse("shape: spike's at", m.group(3));
            return new Spiked(new Spike(Double.parseDouble(m.group(1)), at, length));
        } catch (InvalidLoadException e) {
            throw new PlanException(e.getMessage().startsWith("shape") ? e.getMessage() : "shape: " + e.getMessage());
        }
    }

    private static LoadShape ramp(String text, String t) {
        Matcher m = RAMP.matcher(t);
        if (!m.matches()) {
            throw new PlanException("shape: cannot read " + PlanValues.quoted(String.valueOf(text)) + " (" + ALLOWED
                    + " — e.g. ramp from 50 over 60s)");
        }
        try {
            return new Ramped(new Ramp(Integer.parseInt(m.group(1)), Durations.parse("shape: ramp's over", m.group(2))));
        } catch (InvalidLoadException e) {
            throw new PlanException(e.getMessage().startsWith("shape") ? e.getMessage() : "shape: " + e.getMessage());
        }
    }
}
