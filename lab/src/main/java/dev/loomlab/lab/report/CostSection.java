package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.cell;
import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The "Cost of each model" table (issue 41), as {@code summary.md} shows it and as {@code report.html} gets it: one row
 * per cell, what its model cost to start and to keep, beside what that bought ({@link ModelCost}). A figure a cell did
 * not record shows "—" (null in the page's data), never 0.
 */
final class CostSection {
    private static final String HEADER = "| model | scenario | round | first correct answer ms | RSS idle MB | RSS under load MB | TPS per GB RSS | TPS per server core |\n"
            + "|---|---|---:|---:|---:|---:|---:|---:|\n";

    private CostSection() {
    }

    static void append(StringBuilder md, RunFacts run, List<CellResult> cells) {
        if (cells.isEmpty()) {
            return;
        }
        List<CellResult> rows = ordered(run, cells);
        md.append("## Cost of each model\n\n")
                .append("First correct answer: from the cell's start through the server's launch and ready line to its ")
                .append("contract checked (READY + VERIFY), with how the server started: (cache) from its start-up cache, ")
                .append("(cold) without one; \"training (…)\": this start first ran the JVM that records the cache, so its ")
                .append("figure, in parentheses, holds that training too and counts as neither a cached nor a cold start.")
                .append(rows.stream().anyMatch(CostSection::startNotRecorded)
                        ? " A figure with neither: whether the server started from its start-up cache or cold is not recorded in "
                        + "the cell (cells written before schema 8, a --target server)." : "")
                .append(" RSS idle: the server's resident set read once between the contract check ")
                .append("and the load. RSS under load: its largest in the window. TPS per GB divides by RSS under load ")
                .append("(1 GB = 1024 MB); TPS per server core by the server's mean CPU in the window. \"—\": not recorded.\n\n")
                .append(HEADER);
        for (CellResult c : rows) {
            ModelCost cost = ModelCost.of(c);
            md.append("| ").append(cell(c.label())).append(" | ").append(cell(c.scenario())).append(" | ").append(c.round())
                    .append(" | ").append(String.join(" | ", firstAnswer(cost), whole(cost.idleRssMb()),
                            whole(cost.loadRssMb()), one(cost.tpsPerGb()), one(cost.tpsPerCore())))
                    .append(" |\n");
        }
        md.append('\n');
    }

    /** The same rows for the page's data, each figure to a tenth and null where not recorded. */
    static List<Map<String, Object>> rows(RunFacts run, List<CellResult> cells) {
        return ordered(run, cells).stream().map(c -> {
            ModelCost cost = ModelCost.of(c);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("model", c.label());
            row.put("scenario", c.scenario());
            row.put("round", c.round());
            row.put("firstAnswerMs", tenth(cost.firstAnswerMs()));
            row.put("serverStart", cost.serverStart());
            row.put("idleRssMb", tenth(cost.idleRssMb()));
            row.put("loadRssMb", tenth(cost.loadRssMb()));
            row.put("tpsPerGb", tenth(cost.tpsPerGb()));
            row.put("tpsPerCore", tenth(cost.tpsPerCore()));
            return row;
        }).toList();
    }

    /** By scenario, model and round as the run lists them, so that the files' order changes nothing. */
    private static List<CellResult> ordered(RunFacts run, List<CellResult> cells) {
        return cells.stream().sorted(Comparator.comparingInt((CellResult c) -> run.scenarios().indexOf(c.scenario()))
                .thenComparingInt(c -> run.models().indexOf(c.label())).thenComparingInt(CellResult::round)).toList();
    }

    /**
     * The time to the first correct answer with how the server started: {@code 4805 (cache)}, {@code 5210 (cold)}, or
     * {@code training (19934)}, whose figure holds the cache's training and is a start-up cost of neither kind; the figure
     * alone where the cell did not record its start.
     */
    static String firstAnswer(ModelCost cost) {
        if (cost.firstAnswerMs() == null) {
            return ReportText.NONE;
        }
        String ms = whole(cost.firstAnswerMs());
        return switch (cost.serverStart()) {
            case CACHE -> ms + " (cache)";
            case COLD -> ms + " (cold)";
            case TRAINING -> "training (" + ms + ")";
            case UNKNOWN -> ms;
        };
    }

    /** A measured cell that does not say how its server started: an old cell's, a target's; its figure stands alone. */
    private static boolean startNotRecorded(CellResult c) {
        return ReportText.succeeded(c) && !c.serverStart().known();
    }

    private static Double tenth(Double value) {
        return value == null ? null : Math.round(value * 10) / 10.0;
    }

    /** Milliseconds and megabytes are whole numbers here: a tenth of either is below what a start or a heap varies by. */
    private static String whole(Double value) {
        return value == null ? ReportText.NONE : String.valueOf(Math.round(value));
    }
}
