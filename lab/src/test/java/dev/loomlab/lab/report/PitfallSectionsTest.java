package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.result.CellResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PitfallSectionsTest {

    private static CellResult cell(String model, String scenario, String jdk, double tps, Map<String, Object> more) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("serverJdk", jdk);
        f.put("requests", 1000);
        f.put("ok", 1000);
        f.put("serviceTimeMs", 1000);
        f.put("warmupS", 5.0);
        f.put("durationS", 10.0);
        for (String ms : List.of("p50Ms", "p90Ms", "p99Ms", "maxMs")) {
            f.put(ms, 1000.0);
        }
        f.put("errors", Map.of("timeout", 0L, "status5xx", 0L));
        f.putAll(more);
        return TestCells.ok(model, scenario, tps, f);
    }

    private static String render(List<CellResult> cells) {
        StringBuilder md = new StringBuilder();
        PitfallSections.append(md, cells);
        return md.toString();
    }

    @Test
    void pinningIsShownPerJdkWithItsCeilingAndEvents() {
        String md = render(List.of(
                cell("mvc-virtual", "pinned", "25.0.1", 990.0, Map.of("ceilingTps", 1000.0, "limitedBy", "vus",
                        "jfrEvents", Map.of(JfrCounts.PINNED, 0L))),
                cell("mvc-virtual", "pinned", "21.0.8", 3.9, Map.of("ceilingTps", 4.0, "limitedBy", "carriers",
                        "jfrEvents", Map.of(JfrCounts.PINNED, 88L)))));

        assertThat(md).contains("## Pinning by JDK")
                .containsSubsequence("| pinned | mvc-virtual | 21 | 3.9 | 4.0 | carriers | 88 |",
                        "| pinned | mvc-virtual | 25 | 990.0 | 1000.0 | vus | 0 |");
    }

    @Test
    void theBulkheadSectionPutsBeforeAndAfterSideBySide() {
        String md = render(List.of(
                cell("mvc-virtual", "slow-query-bulkhead", "25.0.1", 19.8, Map.of("p50Ms", 101.0, "p99Ms", 1100.0,
                        "metrics", Map.of("bulkheadRefused", 9000.0, "poolTimeoutsInWindow", 0.0))),
                cell("mvc-virtual", "slow-query", "25.0.1", 12.0, Map.of("p50Ms", 30000.0, "p99Ms", 30100.0,
                        "errors", Map.of("timeout", 0L, "status5xx", 480L), "metrics", Map.of("poolTimeoutsInWindow", 480.0)))));

        assertThat(md).contains("## The pool before and after the bulkhead")
                .containsSubsequence("| mvc-virtual | 25 | before: slow-query | 12.0 | 30000.0 | 30100.0 | — | 480 | 480 | 0 |",
                        "| mvc-virtual | 25 | after: slow-query-bulkhead | 19.8 | 101.0 | 1100.0 | 9000 | 0 | 0 | 0 |");
    }

    @Test
    void aWriteMismatchIsSpelledOut() {
        String md = render(List.of(cell("webflux", "write", "25.0.1", 900.0,
                Map.of("metrics", Map.of("writeRowsWritten", 2499.0, "writeOkResponses", 2500.0)))));

        assertThat(md).contains("| webflux | 25 | 900.0 | 2499 | 2500 | MISMATCH |");
    }

    @Test
    void theDriverSectionPutsEachJdbcDriverAndJdkBesideWebFlux() {
        String md = render(List.of(
                cell("mvc-virtual-jdk21-mysql-8.1.0", "block-query", "21.0.8", 1846.2, Map.of("ceilingTps", 3000.0,
                        "ceilingRatio", 0.615, "limitedBy", "cpu", "p99Ms", 3942.6, "jfrEvents", Map.of(JfrCounts.PINNED, 19L,
                                JfrCounts.PINNED_AT + "com.mysql.cj.NativeSession.execSQL", 19L))),
                cell("mvc-virtual-jdk21-mysql-9.5.0", "block-query", "21.0.8", 1988.3, Map.of("ceilingRatio", 0.663,
                        "limitedBy", "cpu", "p99Ms", 2399.1, "jfrEvents", Map.of(JfrCounts.PINNED, 0L))),
                cell("webflux-jdk21", "block-query", "21.0.8", 2754.0, Map.of("ceilingRatio", 0.918, "limitedBy", "vus",
                        "p99Ms", 1535.1, "jfrEvents", Map.of(JfrCounts.PINNED, 0L))),
                cell("mvc-virtual-jdk21", "block", "21.0.8", 2990.0, Map.of())));

        assertThat(md).contains("## JDBC driver pinning")
                .containsSubsequence(
                        "| block-query | mvc-virtual-jdk21-mysql-8.1.0 | 21 | mysql-8.1.0 | 1846.2 | 61.5 % | 3942.6 | cpu | 19 | com.mysql.cj.NativeSession.execSQL |",
                        "| block-query | mvc-virtual-jdk21-mysql-9.5.0 | 21 | mysql-9.5.0 | 1988.3 | 66.3 % | 2399.1 | cpu | 0 | — |",
                        "| block-query | webflux-jdk21 | 21 | R2DBC | 2754.0 | 91.8 % | 1535.1 | vus | 0 | — |")
                .as("a scenario no driver ran is not in the section").doesNotContain("| block | mvc-virtual-jdk21 |");
    }

    @Test
    void theFanOutSectionFlagsAVariantThatMadeTooFewCalls() {
        String md = render(List.of(
                cell("webflux", "fan-out-unsubscribed", "25.0.1", 99.0, Map.of("limitedBy", "wrong-calls", "status", "ok",
                        "metrics", Map.of("downstreamCalls", 3000.0, "downstreamCallsPerRequest", 1.0,
                                "downstreamCallsExpectedPerRequest", 2.0, "downstreamCallsPassed", 0.0))),
                cell("webflux", "fan-out-parallel", "25.0.1", 99.0, Map.of("metrics", Map.of("downstreamCalls", 6000.0,
                        "downstreamCallsPerRequest", 2.0, "downstreamCallsExpectedPerRequest", 2.0, "downstreamCallsPassed", 1.0)))));

        assertThat(md).contains("## Fan-out: downstream calls per request")
                .containsSubsequence("| fan-out-parallel | webflux | 25 | 99.0 | 1000.0 | 6000 | 2.0 | 2 | calls = expected |",
                        "| fan-out-unsubscribed | webflux | 25 | 99.0 | 1000.0 | 3000 | 1.0 | 2 | WRONG CALLS |");
    }

    @Test
    void noPitfallCellsNoSections() {
        assertThat(render(List.of(cell("mvc-virtual", "block", "25.0.1", 990.0, Map.of())))).isEmpty();
    }
}
