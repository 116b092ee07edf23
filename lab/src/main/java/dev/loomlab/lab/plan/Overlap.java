package dev.loomlab.lab.plan;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What may run beside a cell's measured window and drain. {@code none}, the default, runs each cell alone: its server,
 * its driver and the database, nothing else. {@code beside-next} starts the next cell's server during this cell's
 * warm-up (frozen through the window) and lets this cell's end (the rest of its drain, its server's stop) run beside the
 * next cell's start: a run about 1.16x its warm-ups and windows instead of about 1.2x, at the price of work beside
 * measured requests that no interleaved A/B has yet shown harmless (docs/measurements.md).
 */
public enum Overlap {
    NONE("none"),
    BESIDE_NEXT("beside-next");

    private final String spelling;

    Overlap(String spelling) {
        this.spelling = spelling;
    }

    /** As a plan file and the manifest write it. */
    public String spelling() {
        return spelling;
    }

    /** The overlap a plan spells {@code text}; {@link PlanLoader} turns the exception into its one-line refusal. */
    static Overlap byId(String text) {
        return Arrays.stream(values()).filter(o -> o.spelling.equals(text)).findFirst()
                .orElseThrow(IllegalArgumentException::new);
    }

    static String allowed() {
        return Arrays.stream(values()).map(Overlap::spelling).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return spelling;
    }
}
