package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.cell;
import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Each request" (issue 41): in a run of a service of the user's own, each request of the plan's mix with its TPS,
 * percentiles and errors, one table per model in {@code summary.md} and the same rows in {@code report.html}'s data.
 * A run without a mix (every run of the lab's own servers) has no such section, so its reports stay as they were.
 */
final class RequestSection {
    private static final String HEADER = "| request | round | TPS | p50 ms | p90 ms | p99 ms | max ms | errors |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|\n";

    private RequestSection() {
    }

    static void append(StringBuilder md, Manifest manifest, RunFacts run, List<CellResult> cells) {
        List<EachRequest> rows = EachRequest.of(manifest, run, cells);
        if (rows.isEmpty()) {
            return;
        }
        md.append("## Each request\n\n")
                .append("Each request of the plan's mix over the cell's measured window, as the load driver recorded it ")
                .append("request by request: TPS is its requests in the window over the window; errors are its failed ")
                .append("requests (their share of its requests in brackets).\n\n");
        boolean scenarios = rows.stream().map(r -> r.cell().scenario()).distinct().count() > 1;
        String table = null;
        for (EachRequest r : rows) {
            String heading = r.cell().label() + (scenarios ? " · " + r.cell().scenario() : "");
            if (!heading.equals(table)) {
                md.append(table == null ? "" : "\n").append("### ").append(cell(heading)).append("\n\n").append(HEADER);
                table = heading;
            }
            CellResult c = r.cell();
            md.append("| ").append(cell(r.request())).append(" | ").append(c.round()).append(" | ")
                    .append(String.join(" | ", figure(r.tps()), latency(c, r.p50Ms(), false), latency(c, r.p90Ms(), true),
                            latency(c, r.p99Ms(), true), latency(c, r.maxMs(), true), errors(r)))
                    .append(" |\n");
        }
        md.append('\n');
    }

    /** The same rows for the page's data, each figure to a thousandth and null where not recorded. */
    static List<Map<String, Object>> rows(Manifest manifest, RunFacts run, List<CellResult> cells) {
        return EachRequest.of(manifest, run, cells).stream().map(r -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("model", r.cell().label());
            row.put("scenario", r.cell().scenario());
            row.put("round", r.cell().round());
            row.put("request", r.request());
            row.put("tps", orNull(r.tps()));
            row.put("requests", orNull(r.requests()));
            row.put("errors", orNull(r.errors()));
            row.put("errorPercent", orNull(r.errorPercent()));
            row.put("p50Ms", orNull(r.p50Ms()));
            row.put("p90Ms", orNull(r.p90Ms()));
            row.put("p99Ms", orNull(r.p99Ms()));
            row.put("maxMs", orNull(r.maxMs()));
            return row;
        }).toList();
    }

    /** A latency as the cell's own table shows it (censored at the client's time-out, a tail the engine only estimates). */
    private static String latency(CellResult c, double ms, boolean tail) {
        if (Double.isNaN(ms)) {
            return ReportText.NONE;
        }
        return tail ? ReportText.tail(c, ms, false) : ReportText.latency(c, ms, false);
    }

    private static String figure(double value) {
        return Double.isNaN(value) ? ReportText.NONE : one(value);
    }

    private static String errors(EachRequest r) {
        if (Double.isNaN(r.errors())) {
            return ReportText.NONE;
        }
        String count = String.valueOf(Math.round(r.errors()));
        return r.errors() == 0 || Double.isNaN(r.errorPercent()) ? count
                : count + String.format(Locale.ROOT, " (%.1f %%)", r.errorPercent());
    }

    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : ReportData.round(value);
    }
}
