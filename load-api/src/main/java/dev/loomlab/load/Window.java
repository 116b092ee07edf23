package dev.loomlab.load;

import java.time.Duration;

/**
 * What is measured of a steady load: a warm-up that is not counted, then the window that is.
 * A burst has no window: it is measured from its first send to its last answer.
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

    /** Warm-up plus window: how long the steady phase runs. */
    public Duration total() {
        return warmup.plus(measure);
    }
}
