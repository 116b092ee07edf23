package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.result.ShapeFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code memory-grows}, a soak cell's ({@code shape: soak}): the server's resident set or its heap at its floors (after
 * collections) rose over the window by more than {@link Findings#MEMORY_GROWTH_PER_MINUTE} of its mean a minute, with
 * the slope's 95 % interval above zero. A server that holds what it serves settles: its heap falls back to the same floor
 * after each collection, its resident set stops growing once its heap and buffers are touched. One that keeps growing over
 * a steady load holds on to something per request — a leak — and runs out of memory in a long enough run.
 */
final class MemoryGrowsRule {
    private MemoryGrowsRule() {
    }

    static Optional<String> sentence(Evidence e) {
        if (!(e.cell.shapeFigures() instanceof ShapeFigures.Soak soak)) {
            return Optional.empty();
        }
        List<String> grew = new ArrayList<>();
        grows(e, "rss", "RSS", soak.rssMb()).ifPresent(grew::add);
        grows(e, "heapFloor", "the heap after collections", soak.heapFloorMb()).ifPresent(grew::add);
        if (grew.isEmpty()) {
            return Optional.empty();
        }
        e.quote("windowS", e.windowS());
        return Optional.of(f("memory grows over the %.0f s soak: %s — a steady load should level off; something is kept per "
                + "request (a leak): a heap dump after a longer run shows what", e.windowS(), String.join("; ", grew)));
    }

    /** The growth of one figure, said with its interval, when it is beyond both the noise and the threshold. */
    static Optional<String> grows(Evidence e, String name, String said, ShapeFigures.Slope slope) {
        if (slope == null || !slope.rises() || !(slope.sharePerMinute() > Findings.MEMORY_GROWTH_PER_MINUTE)) {
            return Optional.empty();
        }
        e.quote(name + "MbPerMinute", slope.perMinute());
        e.quote(name + "HalfWidthMbPerMinute", slope.halfWidth());
        e.quote(name + "MeanMb", slope.mean());
        return Optional.of(f("%s +%.1f MB a minute (95 %% interval ± %.1f, %.1f %% of its %.0f MB a minute)", said, slope.perMinute(),
                slope.halfWidth(), 100 * slope.sharePerMinute(), slope.mean()));
    }
}
