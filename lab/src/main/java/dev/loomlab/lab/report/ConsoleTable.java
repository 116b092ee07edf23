package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The plain-text table printed at the end of a run and by {@code loomlab report}: one line per
 * cell, in the order given, columns as wide as their widest value. ASCII only, so it lines up in
 * any terminal; the full story (p90, max, error kinds, evidence) is in {@code summary.md}.
 */
public final class ConsoleTable {
    private static final String[] HEADER = {"model", "scenario", "round", "TPS", "p50 ms", "p99 ms", "errors", "ceiling", "% ceiling", "limited by"};
    /** Columns aligned right (numbers); the others align left. */
    private static final boolean[] RIGHT = {false, false, true, true, true, true, true, true, true, false};
    private static final String NONE = "-";
    private static final String GAP = "  ";

    private ConsoleTable() {
    }

    public static String render(List<CellResult> cells) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (CellResult c : cells) {
            rows.add(row(c));
        }
        int[] width = new int[HEADER.length];
        for (String[] row : rows) {
            // A failed row's reason runs past the grid and does not widen it.
            int columns = row.length == HEADER.length ? row.length : row.length - 1;
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String pad = " ".repeat(Math.max(0, width[i] - row[i].length()));
                boolean reason = row.length < HEADER.length && i == row.length - 1;
                line.append(i == 0 ? "" : GAP);
                line.append(reason ? row[i] : RIGHT[i] ? pad + row[i] : row[i] + pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        if (cells.isEmpty()) {
            out.append("(no cells recorded)\n");
        }
        return out.toString();
    }

    private static String[] row(CellResult c) {
        String model = ReportText.oneLine(c.label());
        String scenario = ReportText.oneLine(c.scenario());
        String round = String.valueOf(c.round());
        if (!ReportText.succeeded(c)) {
            return new String[] {model, scenario, round, ReportText.failure(c)};
        }
        String percent = ReportText.percentOfCeiling(c);
        return new String[] {model, scenario, round, ReportText.one(c.tps()), ReportText.one(c.p50Ms()), ReportText.one(c.p99Ms()),
                String.valueOf(ReportText.errorTotal(c.errors())),
                c.ceilingTps() == null ? NONE : ReportText.one(c.ceilingTps()),
                ReportText.NONE.equals(percent) ? NONE : percent,
                c.limitedBy() == null ? NONE : ReportText.oneLine(c.limitedBy())};
    }
}
