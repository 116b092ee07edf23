package dev.loomlab.lab.load;

import java.time.Instant;

/**
 * When a load engine's load began and when its measured window opened and closed, by the engine's
 * own clock: the instants its figures are cut by, exact where its progress reports, read as they
 * arrive, come a little late.
 *
 * @param loadStart   the first request of the warm-up (of the window, where there is no warm-up)
 * @param windowStart the window's first instant
 * @param windowEnd   the window's end; answers to requests sent before it may come after it
 */
public record LoadTimeline(Instant loadStart, Instant windowStart, Instant windowEnd) {
    public LoadTimeline {
        if (windowStart.isBefore(loadStart) || windowEnd.isBefore(windowStart)) {
            throw new IllegalArgumentException("a load's instants out of order: " + loadStart + ", " + windowStart + ", " + windowEnd);
        }
    }
}
