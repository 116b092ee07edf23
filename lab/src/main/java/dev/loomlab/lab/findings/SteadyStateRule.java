package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import java.util.Optional;

/**
 * The cell was measured before its load had settled (its warm-up reached its cap, or its window drifted): its figures
 * mix warm-up with the model, so it is not judged against its ceiling and a comparison with it says so.
 */
final class SteadyStateRule {
    private SteadyStateRule() {
    }

    static Optional<String> sentence(Evidence e) {
        if (e.cell.steady() == null || !e.cell.steady().notSettled()) {
            return Optional.empty();
        }
        e.quote("warmupS", e.cell.warmupS());
        e.quote("tps", e.cell.tps());
        return Optional.of(f("not settled — %s; its %s are not a steady state's (a longer warmupMax, or a longer window, lets it settle)",
                e.cell.steady().why(), Say.tps(e.cell.tps())));
    }
}
