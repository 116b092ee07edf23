package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import java.util.Map;
import java.util.Optional;

/** {@code write}: the rows the cell wrote against its successful responses over the whole run (a mismatch fails the cell). */
final class WriteCheckRule {
    private WriteCheckRule() {
    }

    static Optional<String> sentence(Evidence e) {
        Map<String, Double> m = e.cell.metrics();
        if (m == null || m.get("writeRowsWritten") == null || m.get("writeOkResponses") == null) {
            return Optional.empty();
        }
        double rows = e.quote("rowsWritten", m.get("writeRowsWritten"));
        double ok = e.quote("okResponses", m.get("writeOkResponses"));
        return Optional.of(rows == ok
                ? f("write check: %s rows written = %s successful responses over the whole run, warm-up included: nothing lost, nothing doubled",
                        Say.count(rows), Say.count(ok))
                : f("write check FAILED: %s rows written for %s successful responses", Say.count(rows), Say.count(ok)));
    }
}
