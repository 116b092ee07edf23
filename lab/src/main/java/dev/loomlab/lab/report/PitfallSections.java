package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.cell;
import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.scenario.Scenarios;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The pitfalls side by side, after the per-scenario tables: pinning per JDK, the pool
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
        drivers(md, cells);
        fanOut(md, cells);
    }

    /** The JDBC driver of the plan's driver axis the cell ran with, or null (the server's own). */
    static JdbcDriver driverOf(CellResult c) {
        return c.cell().jdbcDriver().orElse(null);
    }

    /**
     * The driver-pinning pitfall: the same scenario per JDBC driver and JDK, with the pinned
     * events and where they pinned; cells of the same scenario without a driver (WebFlux) beside them.
     */
    private static void drivers(StringBuilder md, List<CellResult> cells) {
        Set<String> scenarios = cells.stream().filter(c -> driverOf(c) != null).map(CellResult::scenario)
                .collect(Collectors.toSet());
        table(md, "## JDBC driver pinning\n\n"
                        + "Seed 000's virtual threads reached 1,948–2,014 TPS on 1 s block + select where WebFlux reached 2,847–2,888."
                        + " mysql-connector-j before 9.0 reads its socket inside `synchronized`: on JDK 21–23 a virtual thread"
                        + " there pins its carrier. Same scenario, one row per driver and JDK (" + JfrCounts.PINNED
                        + " counts pins over JFR's 20 ms threshold).\n\n"
                        + "| scenario | model | JDK | JDBC driver | TPS | % ceiling | p99 ms | limited by | pinned events | pinned at |\n"
                        + "|---|---|---:|---|---:|---:|---:|---|---:|---|\n",
                of(cells, scenarios),
                c -> List.of(c.scenario(), cell(c.label()), jdk(c), jdbcDriver(c)),
                ReportText::succeeded,
                c -> {
                    Map<String, Long> at = JfrCounts.pinnedAt(c.jfrEvents());
                    return List.of(one(c.tps()),
                            c.ceilingRatio() == null ? ReportText.NONE : String.format(Locale.ROOT, "%.1f %%", 100 * c.ceilingRatio()),
                            one(c.p99Ms()), cell(c.limitedBy()), pinned(c), at.isEmpty() ? ReportText.NONE : cell(at.keySet().iterator().next()));
                });
    }

    private static String jdbcDriver(CellResult c) {
        JdbcDriver driver = driverOf(c);
        if (driver != null) {
            return driver.id();
        }
        return c.cell().model().filter(Model::r2dbc).isPresent() ? "R2DBC" : "its own";
    }

    /** Seed 003's fan-out: downstream calls per request against the calls each variant must make. */
    private static void fanOut(StringBuilder md, List<CellResult> cells) {
        table(md, "## Fan-out: downstream calls per request\n\n"
                        + "The downstream server counts the calls it receives; a variant that answers without making them"
                        + " (seed 003's unsubscribed Mono) looks fast and fails this check.\n\n"
                        + "| scenario | model | JDK | TPS | p50 ms | calls counted | calls / request | expected | check |\n"
                        + "|---|---|---:|---:|---:|---:|---:|---:|---|\n",
                cells.stream().filter(c -> c.scenario().startsWith("fan-out"))
                        .sorted(Comparator.comparing(CellResult::scenario).thenComparing(CellResult::label).thenComparingInt(CellResult::round))
                        .toList(),
                PitfallSections::scenarioModelAndJdk,
                // A cell failed for wrong calls still shows the counts that failed it.
                c -> ReportText.succeeded(c) || "wrong-calls".equals(c.limitedBy()),
                c -> {
                    Double passed = value(c, "downstreamCallsPassed");
                    return List.of(one(c.tps()), one(c.p50Ms()), count(c, "downstreamCalls"),
                            metric(c, "downstreamCallsPerRequest"), count(c, "downstreamCallsExpectedPerRequest"),
                            passed == null || passed.isNaN() ? "inconclusive" : passed == 1.0 ? "calls = expected" : "WRONG CALLS");
                });
    }

    private static List<CellResult> of(List<CellResult> cells, Set<String> scenarios) {
        return cells.stream().filter(c -> scenarios.contains(c.scenario()))
                .sorted(Comparator.comparing(CellResult::scenario).thenComparing(CellResult::label)
                        .thenComparingInt(c -> major(c.serverJdk())).thenComparingInt(CellResult::round))
                .toList();
    }

    private static void pinning(StringBuilder md, List<CellResult> rows) {
        table(md, "## Pinning by JDK\n\n"
                        + "Blocking under `synchronized` pins a virtual thread's carrier up to JDK 23 and not from JDK 24 (JEP 491);"
                        + " under a `ReentrantLock` never; inside a native call always. Pinned, throughput is at most carriers / S.\n\n"
                        + "| scenario | model | JDK | TPS | ceiling TPS | limited by | " + JfrCounts.PINNED + " |\n"
                        + "|---|---|---:|---:|---:|---|---:|\n",
                rows, PitfallSections::scenarioModelAndJdk, ReportText::succeeded,
                c -> List.of(one(c.tps()), one(c.ceilingTps()), cell(c.limitedBy()), pinned(c)));
    }

    private static void bulkhead(StringBuilder md, List<CellResult> cells) {
        List<CellResult> rows = of(cells, Set.of(Scenarios.SLOW_QUERY.id(), Scenarios.SLOW_QUERY_BULKHEAD.id()));
        if (rows.stream().noneMatch(c -> c.scenario().equals(Scenarios.SLOW_QUERY_BULKHEAD.id()))) {
            return;
        }
        table(md, "## The pool before and after the bulkhead\n\n"
                        + "`slow-query` queues for the pool and fails after its 30 s timeout; `slow-query-bulkhead` admits pool-size"
                        + " requests and answers the rest with a fast 503.\n\n"
                        + "| model | JDK | scenario | TPS | p50 ms | p99 ms | 503 (bulkhead) | pool timeouts | 5xx | driver timeouts |\n"
                        + "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n",
                rows.stream().sorted(Comparator.comparing(CellResult::label).thenComparingInt((CellResult c) -> major(c.serverJdk()))
                        .thenComparing(CellResult::scenario).thenComparingInt(CellResult::round)).toList(),
                c -> List.of(cell(c.label()), jdk(c), (c.scenario().equals(Scenarios.SLOW_QUERY.id()) ? "before: " : "after: ") + c.scenario()),
                ReportText::succeeded,
                c -> List.of(one(c.tps()), one(c.p50Ms()), one(c.p99Ms()), count(c, "bulkheadRefused"),
                        count(c, "poolTimeoutsInWindow"), error(c, "status5xx"), error(c, "timeout")));
    }

    private static void threadLocal(StringBuilder md, List<CellResult> rows) {
        table(md, "## ThreadLocal caches\n\n"
                        + "| model | JDK | TPS | caches built per request | KB allocated per request | MB/s allocated | RSS max MB |\n"
                        + "|---|---:|---:|---:|---:|---:|---:|\n",
                rows, PitfallSections::modelAndJdk, ReportText::succeeded,
                c -> {
                    Double built = value(c, "threadLocalCachesCreated");
                    return List.of(one(c.tps()),
                            built == null || c.requests() <= 0 ? ReportText.NONE : String.format(Locale.ROOT, "%.2f", built / c.requests()),
                            metric(c, "allocatedKbPerRequest"), metric(c, "allocatedMbPerS"), metric(c, "serverRssMbMax"));
                });
    }

    private static void cpu(StringBuilder md, List<CellResult> rows) {
        table(md, "## CPU fairness\n\n"
                        + "Virtual threads are not time-sliced: a low median with a long tail is unfairness, not speed.\n\n"
                        + "| model | JDK | TPS | p50 ms | p90 ms | p99 ms | p90 / p50 |\n"
                        + "|---|---:|---:|---:|---:|---:|---:|\n",
                rows, PitfallSections::modelAndJdk, ReportText::succeeded,
                c -> List.of(one(c.tps()), one(c.p50Ms()), one(c.p90Ms()), one(c.p99Ms()),
                        c.p50Ms() > 0 ? String.format(Locale.ROOT, "%.1f", c.p90Ms() / c.p50Ms()) : ReportText.NONE));
    }

    /** Every cell shows its counts: a failed one has its failure where the TPS would be. */
    private static void writes(StringBuilder md, List<CellResult> rows) {
        table(md, "## Writes: rows against successful responses\n\n"
                        + "| model | JDK | TPS | rows written | successful responses | check |\n"
                        + "|---|---:|---:|---:|---:|---|\n",
                rows, PitfallSections::modelAndJdk, c -> true,
                c -> List.of(ReportText.succeeded(c) ? one(c.tps()) : cell(ReportText.failure(c)),
                        count(c, "writeRowsWritten"), count(c, "writeOkResponses"), writeCheck(c)));
    }

    /** {@code equal} when the rows written equal the successful responses, else {@code MISMATCH}; none without the counts. */
    private static String writeCheck(CellResult c) {
        Double rowsWritten = value(c, "writeRowsWritten");
        Double ok = value(c, "writeOkResponses");
        return rowsWritten == null || ok == null ? ReportText.NONE : rowsWritten.equals(ok) ? "equal" : "MISMATCH";
    }

    /**
     * A pitfall's section, when it has rows: its heading, prose and table header, then a row
     * per cell — its leading columns, then its figures where {@code measured} holds, else its failure
     * and empty cells to the header's width.
     */
    private static void table(StringBuilder md, String heading, List<CellResult> rows,
                              Function<CellResult, List<String>> lead, Predicate<CellResult> measured,
                              Function<CellResult, List<String>> figures) {
        if (rows.isEmpty()) {
            return;
        }
        md.append(heading);
        String alignment = heading.substring(heading.lastIndexOf('\n', heading.length() - 2) + 1);
        int width = (int) alignment.chars().filter(ch -> ch == '|').count() - 1;
        for (CellResult c : rows) {
            List<String> leading = lead.apply(c);
            md.append("| ").append(String.join(" | ", leading)).append(" | ");
            if (measured.test(c)) {
                md.append(String.join(" | ", figures.apply(c))).append(" |\n");
            } else {
                md.append(cell(ReportText.failure(c))).append(" |".repeat(width - leading.size())).append('\n');
            }
        }
        md.append('\n');
    }

    private static List<String> modelAndJdk(CellResult c) {
        return List.of(cell(c.label()), jdk(c));
    }

    private static List<String> scenarioModelAndJdk(CellResult c) {
        return List.of(c.scenario(), cell(c.label()), jdk(c));
    }

    /** The cell's {@code jdk.VirtualThreadPinned} count, or {@link ReportText#NONE} when it was not counted. */
    private static String pinned(CellResult c) {
        Long pinned = c.jfrEvents() == null ? null : c.jfrEvents().get(JfrCounts.PINNED);
        return pinned == null ? ReportText.NONE : String.valueOf(pinned);
    }

    private static String jdk(CellResult c) {
        return c.cell().jdk() > 0 ? String.valueOf(c.cell().jdk()) : ReportText.NONE;
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
