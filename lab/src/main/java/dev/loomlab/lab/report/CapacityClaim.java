package dev.loomlab.lab.report;

import dev.loomlab.lab.report.WorkloadAnswer.Claim;
import dev.loomlab.lab.report.WorkloadAnswer.Where;
import dev.loomlab.lab.result.CapacityFile;
import java.util.Optional;

/**
 * Each model's capacity at a latency objective, from a {@code ./loomlab decide} of the workload kept in the run's
 * folder: the highest load that still met the objective, which a steady cell at one load does not show. Decide names
 * a model only when its capacity stands more than one level above the others', and the claim repeats decide's own words.
 */
final class CapacityClaim {
    private CapacityClaim() {
    }

    static Optional<Claim> of(Optional<CapacityFile> decide) {
        return decide.filter(d -> !d.models().isEmpty()).map(d -> new Claim("Capacity at the objective"
                + (d.objective() == null || d.objective().text() == null ? "" : " (" + d.objective().text() + ")") + ": "
                + String.join(", ", d.models().stream().map(m -> m.model() + " " + m.capacity()).toList()) + ". "
                + (d.verdict() == null ? "" : d.verdict()), Where.DECIDE));
    }
}
