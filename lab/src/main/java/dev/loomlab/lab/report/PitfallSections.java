package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.cell;
import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.scenario.Scenarios;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The pitfalls side by side (issue 6), after the per-scenario tables: pinning per JDK, the pool
 * before and after the bulkhead, ThreadLocal allocation, CPU fairness and the write check. Each
 * section appears only when the run has its cells.
 */
final class PitfallSections {
    private static final Set<String> PINNING = Set.of(Scenarios.PINNED.id(), Scenarios.LOCKED.id(), Scenarios.NATIVE_PINNED.id());

    private PitfallSections() {
    }

    static void append(StringBuilder md, List<CellResult> cells) {
        pinning(md, of(cells, PINNING));
        bulkhead(md, cells);
        threadLocal(md, of(cells, Set.of(Scenarios.THREADLOCAL.id())));
        cpu(md, of(cells, Set.of(Scenarios.CPU.id())));
        writes(md, of(cells, Set.of(Scenarios.WRITE.id())));
    }

    private static List<CellResult> of(List<CellResult> cells, Set<String> scenarios) {
        return cells.stream().filter(c -> scenarios.contains(c.scenario()))
                .sorted(Comparator.comparing(CellResult::scenario).thenComparing(CellResult::model)
                        .thenComparingInt(c -> major(c.serverJdk())).thenComparingInt(CellResult::round))
                .toList();
    }

    private static void pinning(StringBuilder md, List<CellResult> rows) {
        if (rows.isEmpty()) {
            return;
        }
        md.append("## Pinning by JDK\n\n")
                .append("Blocking under `synchronized` pins a virtual thread's carrier up to JDK 23 and not from JDK 24 (JEP 491);")
                .append(" under a `ReentrantLock` never; inside a native call always. Pinned, throughput is at most carriers / S.\n\n")
                .append("| scenario | model | JDK | TPS | ceiling TPS | limited by | ").append(JfrCounts.PINNED).append(" |\n")
                .append("|---|---|---:|---:|---:|---|---:|\n");
        for (CellResult c : rows) {
            md.append("| ").append(c.scenario()).append(" | ").append(cell(c.model())).append(" | ").append(jdk(c)).append(" | ");
            if (ReportText.succeeded(c)) {
                Long pinned = c.jfrEvents() == null ? null : c.jfrEvents().get(JfrCounts.PINNED);
                md.append(one(c.tps())).append(" | ").append(one(c.ceilingTps())).append(" | ").append(cell(c.limitedBy()))
                        .append(" | ").append(pinned == null ? ReportText.NONE : String.valueOf(pinned)).append(" |\n");
            } else {
                md.append(cell(ReportText.failure(c))).append(" | | | |\n");
            }
        }
        md.append('\n');
    }

    private static void bulkhead(StringBuilder md, List<CellResult> cells) {
        List<CellResult> rows = of(cells, Set.of(Scenarios.SLOW_QUERY.id(), Scenarios.SLOW_QUERY_BULKHEAD.id()));
        if (rows.stream().noneMatch(c -> c.scenario().equals(Scenarios.SLOW_QUERY_BULKHEAD.id()))) {
            return;
        }
        md.append("## The pool before and after the bulkhead\n\n")
                .append("`slow-query` queues for the pool and fails after its 30 s timeout; `slow-query-bulkhead` admits pool-size")
                .append(" requests and answers the rest with a fast 503.\n\n")
                .append("| model | JDK | scenario | TPS | p50 ms | p99 ms | 503 (bulkhead) | pool timeouts | 5xx | driver timeouts |\n")
                .append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
        List<CellResult> sorted = rows.stream().sorted(Comparator.comparing(CellResult::model)
                .thenComparingInt(c -> major(c.serverJdk())).thenComparing(CellResult::scenario).thenComparingInt(CellResult::round)).toList();
        for (CellResult c : sorted) {
            md.append("| ").append(cell(c.model())).append(" | ").append(jdk(c)).append(" | ")
                    .append(c.scenario().equals(Scenarios.SLOW_QUERY.id()) ? "before: " : "after: ").append(c.scenario()).append(" | ");
            if (ReportText.succeeded(c)) {
                md.append(String.join(" | ", one(c.tps()), one(c.p50Ms()), one(c.p99Ms()), count(c, "bulkheadRefused"),
                        count(c, "poolTimeoutsInWindow"), error(c, "status5xx"), error(c, "timeout"))).append(" |\n");
            } else {
                md.append(cell(ReportText.failure(c))).append(" | | | | | | |\n");
            }
        }
        md.append('\n');
    }

    private static void threadLocal(StringBuilder md, List<CellResult> rows) {
        if (rows.isEmpty()) {
            return;
        }
        md.append("## ThreadLocal caches\n\n")
                .append("| model | JDK | TPS | caches built per request | KB allocated per request | MB/s allocated | RSS max MB |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (CellResult c : rows) {
            md.append("| ").append(cell(c.model())).append(" | ").append(jdk(c)).append(" | ");
            if (ReportText.succeeded(c)) {
                Double built = value(c, "threadLocalCachesCreated");
                md.append(String.join(" | ", one(c.tps()),
                        built == null || c.requests() <= 0 ? ReportText.NONE : String.format(Locale.ROOT, "%.2f", built / c.requests()),
                        metric(c, "allocatedKbPerRequest"), metric(c, "allocatedMbPerS"), metric(c, "serverRssMbMax"))).append(" |\n");
            } else {
                md.append(cell(ReportText.failure(c))).append(" | | | | |\n");
            }
        }
        md.append('\n');
    }

    private static void cpu(StringBuilder md, List<CellResult> rows) {
        if (rows.isEmpty()) {
            return;
        }
        md.append("## CPU fairness\n\n")
                .append("Virtual threads are not time-sliced: a low median with a long tail is unfairness, not speed.\n\n")
                .append("| model | JDK | TPS | p50 ms | p90 ms | p99 ms | p90 / p50 |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (CellResult c : rows) {
            md.append("| ").append(cell(c.model())).append(" | ").append(jdk(c)).append(" | ");
            if (ReportText.succeeded(c)) {
                md.append(String.join(" | ", one(c.tps()), one(c.p50Ms()), one(c.p90Ms()), one(c.p99Ms()),
                        c.p50Ms() > 0 ? String.format(Locale.ROOT, "%.1f", c.p90Ms() / c.p50Ms()) : ReportText.NONE)).append(" |\n");
            } else {
                md.append(cell(ReportText.failure(c))).append(" | | | | |\n");
            }
        }
        md.append('\n');
    }

    private static void writes(StringBuilder md, List<CellResult> rows) {
        if (rows.isEmpty()) {
            return;
        }
        md.append("## Writes: rows against successful responses\n\n")
                .append("| model | JDK | TPS | rows written | successful responses | check |\n")
                .append("|---|---:|---:|---:|---:|---|\n");
        for (CellResult c : rows) {
            Double rowsWritten = value(c, "writeRowsWritten");
            Double ok = value(c, "writeOkResponses");
            String check = rowsWritten == null || ok == null ? ReportText.NONE
                    : rowsWritten.equals(ok) ? "equal" : "MISMATCH";
            md.append("| ").append(cell(c.model())).append(" | ").append(jdk(c)).append(" | ")
                    .append(String.join(" | ", ReportText.succeeded(c) ? one(c.tps()) : cell(ReportText.failure(c)),
                            count(c, "writeRowsWritten"), count(c, "writeOkResponses"), check)).append(" |\n");
        }
        md.append('\n');
    }

    private static String jdk(CellResult c) {
        int major = major(c.serverJdk());
        return major > 0 ? String.valueOf(major) : ReportText.NONE;
    }

    static int major(String version) {
        if (version == null) {
            return 0;
        }
        try {
            return Integer.parseInt(version.strip().replaceFirst("^(\\d+).*", "$1"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Double value(CellResult c, String metric) {
        Map<String, Double> m = c.metrics();
        return m == null ? null : m.get(metric);
    }

    private static String metric(CellResult c, String metric) {
        Double v = value(c, metric);
        return v == null ? ReportText.NONE : one(v);
    }

    private static String count(CellResult c, String metric) {
        Double v = value(c, metric);
        return v == null ? ReportText.NONE : String.valueOf(Math.round(v));
    }

    private static String error(CellResult c, String kind) {
        Long n = c.errors() == null ? null : c.errors().get(kind);
        return n == null ? "0" : String.valueOf(n);
    }
}
