package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.cell;
import static dev.loomlab.lab.report.ReportText.one;
import static dev.loomlab.lab.report.ReportText.oneLine;
import static dev.loomlab.lab.report.ReportText.orUnknown;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.cell.Overhead;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code summary.md}, rebuilt from the manifest and the cell files alone. Like JMH's
 * text report it opens with the provenance (plan, machine, JDKs, CPU layout, commit) and ends
 * with a caveat; in between, one table per scenario in the seeds' shape, every row next to its
 * Little's-law ceiling. Deterministic: no clock, no locale, no map-order dependence.
 */
public final class SummaryMarkdown {
    private static final String HEADER = "| model | round | TPS | ± 95 % in window | p50 ms | p90 ms | p99 ms | max ms | errors | ceiling TPS | % of ceiling | limited by |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|\n";
    private static final int COLUMNS = 12;

    private SummaryMarkdown() {
    }

    /** The summary of the run in {@code root} (its cells' time series are read from there for the findings). */
    public static String render(Path root, Manifest manifest, List<CellResult> cells) {
        return render(new CellFindings(root), manifest, cells);
    }

    /** The same with findings a report shares among its formats (each cell's rules run once). */
    static String render(CellFindings said, Manifest manifest, List<CellResult> cells) {
        RunFacts run = new RunFacts(manifest, cells);
        StringBuilder md = new StringBuilder("# loomlab run ").append(manifest.runId()).append("\n\n");
        if (run.partial()) {
            md.append("> **PARTIAL** — this run did not finish (status `").append(manifest.status()).append("`, ")
                    .append(cellCount(run, cells)).append("). Cells that are missing are not in the tables.\n\n");
        }
        ProvenanceBlock.append(md, manifest, run, cells);
        Overhead overhead = Overhead.of(cells.stream().map(CellResult::stages).toList());
        if (!overhead.empty()) {
            // What the lab cost around the measurements: each cell's stage times are in its file.
            md.append("**Run time**: ").append(overhead.describe()).append(".\n\n");
        }
        AnswerSection.append(md, said, run, cells);
        for (String scenario : run.scenarios()) {
            List<CellResult> rows = cells.stream().filter(c -> scenario.equals(c.scenario()))
                    .sorted(Comparator.comparingInt((CellResult c) -> run.models().indexOf(c.label()))
                            .thenComparingInt(CellResult::round))
                    .toList();
            section(md, scenario, rows, run, said);
        }
        RequestSection.append(md, manifest, run, cells);
        CostSection.append(md, run, cells);
        PitfallSections.append(md, cells);
        caveat(md, manifest, run);
        return md.toString();
    }

    static String cellCount(RunFacts run, List<CellResult> cells) {
        long failed = cells.stream().filter(c -> !ReportText.succeeded(c)).count();
        int planned = run.plannedCells().size();
        return cells.size() + (planned > 0 ? " of " + planned + " planned" : "") + " cell" + (cells.size() == 1 ? "" : "s")
                + " recorded" + (failed > 0 ? ", " + failed + " failed" : "");
    }

    private static void section(StringBuilder md, String id, List<CellResult> rows, RunFacts run, CellFindings said) {
        md.append("## ").append(id).append("\n\n");
        Scenario scenario = known(id);
        String path = rows.stream().map(CellResult::path).filter(p -> p != null && !p.isBlank()).findFirst()
                .orElse(scenario == null ? null : scenario.path());
        String method = scenario == null ? "" : scenario.method() + " ";
        String description = scenario == null ? "not in this loomlab's scenario catalogue" : scenario.description();
        boolean mix = id.equals(Scenarios.REQUESTS.id());
        md.append(path == null || mix ? "" : "`" + method + path + "` — ").append(sentence(description)).append("\n\n");
        if (rows.isEmpty()) {
            md.append("_No cells recorded._\n\n");
            return;
        }
        md.append(HEADER);
        for (CellResult c : rows) {
            md.append("| ").append(cell(c.label())).append(" | ").append(c.round()).append(" | ");
            if (ReportText.succeeded(c)) {
                String halfWidth = RoundFigures.halfWidthText(RoundFigures.withinRound(said.root(), c).halfWidth());
                md.append(String.join(" | ", one(c.tps()), halfWidth, ReportText.latency(c, c.p50Ms(), false),
                        ReportText.tail(c, c.p90Ms(), false), ReportText.tail(c, c.p99Ms(), false), ReportText.tail(c, c.maxMs(), false),
                        ReportText.errors(c.errors()), one(c.ceilingTps()), ReportText.percentOfCeiling(c),
                        c.limitedBy() == null ? ReportText.NONE : cell(c.limitedBy())));
            } else {
                // Markdown cannot span columns: the reason takes the first figure's column, the rest stay empty.
                md.append(cell(ReportText.failure(c))).append(" |".repeat(COLUMNS - 3));
            }
            md.append(" |\n");
        }
        md.append('\n');
        for (CellResult c : rows) {
            String note = ReportText.succeeded(c) ? c.limitNote() == null ? "no verdict recorded" : oneLine(c.limitNote())
                    : ReportText.failure(c);
            md.append("- **").append(c.label()).append(" r").append(c.round()).append("** — ").append(note).append('\n');
            ShapeLine.of(c).ifPresent(shape -> md.append("  - ").append(shape).append('\n'));
        }
        md.append('\n');
        findings(md, rows, said);
        if (run.rounds() > 1 || rows.stream().anyMatch(c -> c.round() > 1)) {
            RoundSpread.append(md, said.root(), rows, run.models());
        }
    }

    /**
     * The cells' findings (docs/findings.md), as today's rules say them of the cells' files, one line
     * each under the cell's label; a failed cell, or one no rule has evidence on, has none.
     */
    private static void findings(StringBuilder md, List<CellResult> rows, CellFindings said) {
        List<String> lines = new ArrayList<>();
        for (CellResult c : rows) {
            for (String finding : said.of(c)) {
                lines.add("- **" + c.label() + " r" + c.round() + "** — " + oneLine(finding));
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        md.append("**Findings** (from the server's metrics and flight recording; the rules are in docs/findings.md):\n\n");
        lines.forEach(l -> md.append(l).append('\n'));
        md.append('\n');
    }

    private static Scenario known(String id) {
        try {
            return Scenarios.byId(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String sentence(String text) {
        return text.endsWith(".") ? text : text + ".";
    }

    /**
     * "Tomcat on mvc-platform and legacy, the worker pool on quarkus-worker": each pool of platform request threads, by
     * the name its server's descriptor gives it, with the lab's models that serve from it.
     */
    static String requestThreadPools() {
        Map<String, List<String>> modelsByPool = new LinkedHashMap<>();
        for (Model model : Model.values()) {
            model.requestThreadsPoolName().ifPresent(pool -> modelsByPool.computeIfAbsent(pool, p -> new ArrayList<>()).add(model.id()));
        }
        if (modelsByPool.isEmpty()) {
            return "no model here has one";
        }
        List<String> pools = new ArrayList<>();
        modelsByPool.forEach((pool, models) -> pools.add(pool + " on " + (models.size() == 1 ? models.getFirst()
                : String.join(", ", models.subList(0, models.size() - 1)) + " and " + models.getLast())));
        return String.join(", ", pools);
    }

    private static void caveat(StringBuilder md, Manifest manifest, RunFacts run) {
        String cores = manifest.machine() == null ? null : manifest.machine().get("cores");
        md.append("## Reading these numbers\n\n")
                .append("These numbers are data for this machine, this database and this run, not a verdict on the models. ")
                .append("The server, the load driver and the database shared one machine with ")
                .append(cores == null ? "an unknown number of" : cores).append(" core").append("1".equals(cores) ? "" : "s")
                .append(" (").append(ProvenanceBlock.cpuLayout(manifest.cpus())).append("), so raw TPS says as much about the ")
                .append("machine as about the model. Read the **% of ceiling** column first: each ceiling is Little's law for a ")
                .append("closed workload with no think time, min(VUs, threads, pool) / S, where S is the scenario's sleep, ")
                .append("threads counts only where a pool of platform threads serves the requests (").append(requestThreadPools())
                .append(": ").append(run.tomcatMaxThreads())
                .append(") and pool only where a connection is held for the whole request (slow-query). A scenario without ")
                .append("a sleep has no ceiling: only CPU bounds it, and on a shared machine the load driver's CPU as much as ")
                .append("the server's. \"unexplained\" means the cell stayed below its ceiling with no saturated resource ")
                .append("measured — look at its server log before drawing a conclusion. To know what holds for your service, ")
                .append("run the plan on your own machine, database and workload.\n");
    }
}
