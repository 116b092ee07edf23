package dev.loomlab.lab.findings;

import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.CellResult;
import java.util.List;

/**
 * Rules that read a cell's results and time series and write one sentence each, with its
 * evidence: what limited the cell, in words, with the numbers that show it.
 */
public final class Findings {
    private Findings() {
    }

    /** Every finding whose evidence holds for this cell, in rule order. */
    public static List<String> evaluate(CellResult cell, List<SeriesRow> rows, int serverCores) {
        return List.of();
    }
}
