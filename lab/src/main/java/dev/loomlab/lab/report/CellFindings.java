package dev.loomlab.lab.report;

import dev.loomlab.lab.findings.Finding;
import dev.loomlab.lab.findings.Findings;
import dev.loomlab.lab.result.CellResult;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The findings a report shows: the sentences of today's rules, run again over each cell's file
 * and its time series in the run folder. A cell file stores only which rules fired and their
 * figures, so a better rule reaches every run folder it reports on, old ones included.
 */
final class CellFindings {
    private final Path root;
    private final Map<CellResult, List<Finding>> said = new IdentityHashMap<>();

    /** @param root the run folder the cells' files are relative to; null: cells held in memory only, no time series */
    CellFindings(Path root) {
        this.root = root;
    }

    /** The run folder the cells' files are relative to, or null. */
    Path root() {
        return root;
    }

    /** The cell's findings without their {@code label / scenario: } prefix (the report shows the cell beside them). */
    List<String> of(CellResult c) {
        String prefix = Findings.prefix(c);
        return fired(c).stream().map(Finding::text).map(f -> f.startsWith(prefix) ? f.substring(prefix.length()) : f).toList();
    }

    /** The ids of the rules that fired in the cell, in rule order. */
    List<String> rules(CellResult c) {
        return fired(c).stream().map(Finding::rule).toList();
    }

    private List<Finding> fired(CellResult c) {
        return said.computeIfAbsent(c, cell -> Findings.fired(root, cell));
    }
}
