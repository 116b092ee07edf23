package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.load.Protocol;
import java.util.Optional;

/** The cell read above the ceiling its model allows: a bound cannot be beaten, so a figure above it is an anomaly of the measurement. */
final class AboveCeilingRule {
    private AboveCeilingRule() {
    }

    static Optional<String> sentence(Evidence e) {
        Double ratio = e.cell.ceilingRatio();
        // the verdict's call: above a CPU ceiling estimated at low load is the CPU's, not an anomaly
        if (ratio == null || ratio <= 1 + Protocol.ABOVE_CEILING || !"anomaly".equals(e.cell.limitedBy())) {
            return Optional.empty();
        }
        e.quote("tps", e.cell.tps());
        e.quote("ceilingRatio", ratio);
        return Optional.of(f("%s is %s of its ceiling (%s) — a measurement anomaly, not a result: the server held more at once, or "
                + "for less time, than the ceiling assumes, or the window caught answers of the warm-up", Say.tps(e.cell.tps()),
                Say.percent(ratio), e.cell.ceilingFormula()));
    }
}
