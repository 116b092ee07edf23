package dev.loomlab.lab.plan;

import dev.loomlab.load.Durations;
import java.time.Duration;

/**
 * A plan's warm-up: {@code auto} (the default) lasts until the load has settled, from {@link dev.loomlab.load.Protocol#WARMUP_FLOOR}
 * to the plan's {@code warmupMax}; a duration is a fixed warm-up, as before.
 */
public sealed interface Warmup {
    /** Until the load has settled. */
    record Auto() implements Warmup {
        @Override
        public String spelling() {
            return "auto";
        }
    }

    /** A fixed time. */
    record Fixed(Duration length) implements Warmup {
        @Override
        public String spelling() {
            return Durations.format(length);
        }
    }

    Warmup AUTO = new Auto();

    /** As a plan file writes it. */
    String spelling();
}
