package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.result.ShapeFigures;
import java.util.Optional;

/**
 * {@code latency-grows}, a soak cell's ({@code shape: soak}): the p99 of each second rose over the window by more than
 * {@link Findings#LATENCY_GROWTH_PER_MINUTE} of its mean a minute, with the slope's 95 % interval above zero. Under a
 * steady load the tail should stay where it is; one that drifts up is paying for something that accumulates — a growing
 * heap collected more often, a queue or a cache that fills.
 */
final class LatencyGrowsRule {
    private LatencyGrowsRule() {
    }

    static Optional<String> sentence(Evidence e) {
        if (!(e.cell.shapeFigures() instanceof ShapeFigures.Soak soak)) {
            return Optional.empty();
        }
        ShapeFigures.Slope p99 = soak.p99Ms();
        if (p99 == null || !p99.rises() || !(p99.sharePerMinute() > Findings.LATENCY_GROWTH_PER_MINUTE)) {
            return Optional.empty();
        }
        e.quote("p99MsPerMinute", p99.perMinute());
        e.quote("p99HalfWidthMsPerMinute", p99.halfWidth());
        e.quote("p99MeanMs", p99.mean());
        e.quote("windowS", e.windowS());
        return Optional.of(f("latency grows over the %.0f s soak: each second's p99 +%.2f ms a minute (95 %% interval ± %.2f, "
                        + "%.1f %% of its %.2f ms a minute) — under a steady load the tail should hold still", e.windowS(), p99.perMinute(),
                p99.halfWidth(), 100 * p99.sharePerMinute(), p99.mean()));
    }
}
