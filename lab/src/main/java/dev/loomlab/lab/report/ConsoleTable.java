package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;

/**
 * The plain-text table printed at the end of a run and by {@code loomlab report}: one line per
 * cell, in the order given, columns as wide as their widest value. ASCII only, so it lines up in
 * any terminal; the full story (p90, max, error kinds, evidence) is in {@code summary.md}.
 */
public final class ConsoleTable {
    private static final String[] HEADER = {"model", "scenario", "round", "TPS", "+/- 95% window", "p50 ms", "p99 ms", "errors", "ceiling", "% ceiling", "limited by"};
    /** Columns aligned right (numbers); the others align left. */
    private static final boolean[] RIGHT = {false, false, true, true, true, true, true, true, true, true, false};
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
        out.append(acrossRounds(cells));
        return out.toString();
    }

    /**
     * For cells measured in several rounds, one line each: TPS as the mean ± the 95 % interval by Student's t over
     * the rounds (the merged percentiles need the run folder: they are in summary.md).
     */
    private static String acrossRounds(List<CellResult> cells) {
        Map<String, List<CellResult>> byCell = new LinkedHashMap<>();
        for (CellResult c : cells) {
            byCell.computeIfAbsent(ReportText.oneLine(c.label()) + " / " + ReportText.oneLine(c.scenario()), k -> new ArrayList<>()).add(c);
        }
        StringBuilder out = new StringBuilder();
        byCell.forEach((cell, rounds) -> {
            if (rounds.size() > 1) {
                out.append(cell).append(": ").append(RoundFigures.of(null, rounds).tpsText()).append('\n');
            }
        });
        return out.isEmpty() ? "" : "\nAcross rounds:\n" + out.toString().replace("±", "+/-").replace("—", "-");
    }

    private static String[] row(CellResult c) {
        String model = ReportText.oneLine(c.label());
        String scenario = ReportText.oneLine(c.scenario());
        String round = String.valueOf(c.round());
        if (!ReportText.succeeded(c)) {
            return new String[] {model, scenario, round, ReportText.failure(c)};
        }
        String percent = ReportText.percentOfCeiling(c);
        return new String[] {model, scenario, round, ReportText.one(c.tps()),
                c.tpsHalfWidth() == null ? NONE : RoundFigures.halfWidthText(c.tpsHalfWidth()),
                ReportText.latency(c, c.p50Ms(), true), ReportText.tail(c, c.p99Ms(), true),
                String.valueOf(ReportText.errorTotal(c.errors())),
                c.ceilingTps() == null ? NONE : ReportText.one(c.ceilingTps()),
                ReportText.NONE.equals(percent) ? NONE : percent,
                c.limitedBy() == null ? NONE : ReportText.oneLine(c.limitedBy())};
    }
}
