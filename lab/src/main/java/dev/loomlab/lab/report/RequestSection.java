package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.cell;
import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.util.List;
import java.util.Locale;

/**
 * "Each request" (issue 41): in a run of a service of the user's own, each request of the plan's mix with its TPS,
 * percentiles and errors, one table per model in {@code summary.md} and the same rows in {@code report.html}'s data.
 * A run without a mix (every run of the lab's own servers) has no such section, so its reports stay as they were.
 */
final class RequestSection {
    private static final String HEADER = "| request | round | TPS | p50 ms | p90 ms | p99 ms | max ms | errors |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|\n";

    private static final String INTRO = """
            Each request of the plan's mix over the cell's measured window, as the load driver recorded it \
            request by request: TPS is its requests in the window over the window; errors are its failed \
            requests (their share of its requests in brackets).

            """;

    private RequestSection() {
    }

    static void append(StringBuilder md, Manifest manifest, RunFacts run, List<CellResult> cells) {
        List<EachRequest> rows = EachRequest.of(manifest, run, cells);
        if (rows.isEmpty()) {
            return;
        }
        md.append("## Each request\n\n").append(INTRO);
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

    /**
     * One request's row in the page's data (its components in this order are the JSON's keys), each figure to a
     * thousandth and null where not recorded.
     */
    record Row(String model, String scenario, int round, String request, Double tps, Double requests, Double errors,
               Double errorPercent, Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs) {
        static Row of(EachRequest r) {
            return new Row(r.cell().label(), r.cell().scenario(), r.cell().round(), r.request(), orNull(r.tps()),
                    orNull(r.requests()), orNull(r.errors()), orNull(r.errorPercent()), orNull(r.p50Ms()), orNull(r.p90Ms()),
                    orNull(r.p99Ms()), orNull(r.maxMs()));
        }
    }

    /** The same rows for the page's data. */
    static List<Row> rows(Manifest manifest, RunFacts run, List<CellResult> cells) {
        return EachRequest.of(manifest, run, cells).stream().map(Row::of).toList();
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
