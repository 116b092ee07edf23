package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code summary.csv}: one row per cell, for spreadsheets and scripts. Plain numbers (no
 * thousands separators, {@link Locale#ROOT}), empty where a value does not exist, RFC 4180
 * quoting for text. Rows in the order given (the run's order). The cost columns ({@link ModelCost}) come last, so
 * that a script reading the older columns by position reads the same; the last, {@code server_start}, says what
 * {@code first_answer_ms} is the cost of ({@code cache}, {@code cold}, or {@code training}: neither), empty where the cell
 * did not record it.
 */
public final class SummaryCsv {
    static final List<String> HEADER = List.of("model", "scenario", "round", "status", "load", "tps", "tps_ci95_half_width", "p50_ms", "p90_ms", "p99_ms", "max_ms",
            "requests", "errors", "ceiling_tps", "ceiling_ratio", "limited_by", "server_cpu_cores", "findings_count", "failure",
            "first_answer_ms", "rss_idle_mb", "rss_load_mb", "tps_per_gb_rss", "tps_per_server_core", "server_start");

    private SummaryCsv() {
    }

    /** One row per cell of the run in {@code root} (its cells' time series are read from there for the findings). */
    public static String render(Path root, List<CellResult> cells) {
        return render(new CellFindings(root), cells);
    }

    /** The same with findings a report shares among its formats (each cell's rules run once). */
    static String render(CellFindings said, List<CellResult> cells) {
        StringBuilder csv = new StringBuilder(String.join(",", HEADER)).append("\r\n");
        for (CellResult c : cells) {
            boolean ok = ReportText.succeeded(c);
            String load = switch (c.workload()) {
                case Workload.Closed(int vus) -> vus + " VUs";
                case Workload.Open(double rate) -> number(rate) + " req/s";
                case Workload.Burst(int requests) -> requests + " burst";
                case null -> "";
            };
            ModelCost cost = ModelCost.of(c);
            List<String> row = List.of(text(c.label()), text(c.scenario()), String.valueOf(c.round()), text(c.status()), text(load),
                    ok ? number(c.tps()) : "", ok ? number(RoundFigures.withinRound(said.root(), c).halfWidth()) : "",
                    ok ? number(c.p50Ms()) : "", ok ? number(c.p90Ms()) : "", ok ? number(c.p99Ms()) : "",
                    ok ? number(c.maxMs()) : "", ok ? String.valueOf(c.requests()) : "", ok ? String.valueOf(ReportText.errorTotal(c.errors())) : "",
                    number(c.ceilingTps()), ok ? number(ReportText.ratio(c)) : "", text(ok ? c.limitedBy() : null),
                    ok ? number(c.serverCpuCores()) : "", String.valueOf(said.of(c).size()),
                    text(ok ? null : ReportText.oneLine(c.failure())), number(cost.firstAnswerMs()), number(cost.idleRssMb()),
                    number(cost.loadRssMb()), number(cost.tpsPerGb()), number(cost.tpsPerCore()),
                    text(cost.serverStart().known() ? cost.serverStart().spelling() : null));
            csv.append(String.join(",", row)).append("\r\n");
        }
        return csv.toString();
    }

    private static String number(Double v) {
        return v == null || v.isNaN() ? "" : number(v.doubleValue());
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.3f", v).replaceAll("\\.?0+$", "");
    }

    static String text(String v) {
        if (v == null) {
            return "";
        }
        return v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }

}
