package dev.loomlab.lab.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.load.EngineComparison;
import dev.loomlab.lab.load.EngineComparison.Run;
import dev.loomlab.lab.load.Latencies;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.load.WrkEngine;
import dev.loomlab.lab.result.RunFolder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The crosscheck's arithmetic and verdicts on a block cell at 1,000 VUs (about 1,000 TPS, p50 ≈ 1 s). */
class EngineComparisonTest {

    private static LoadResult result(String engine, String version, double tps, double p50, double p99, double max, double cpuS,
                                     long timeouts) {
        long requests = Math.round(tps * 20);
        return new LoadResult(engine, version, 20, requests, requests - timeouts, tps, new Latencies(p50, p50 * 1.004, p99, p99, max, p50),
                Map.of("connect", 0L, "timeout", timeouts, "status4xx", 0L, "status5xx", 0L, "other", 0L),
                null, tps, 0, cpuS, "x", null);
    }

    private static final Run HYPERFOIL = Run.measured(result("hyperfoil", "0.25.2", 997.0, 1002.0, 1010.0, 1040.0, 0.5, 0), 0.9, 1.0);

    @Test
    void withinBothBoundsPasses() {
        Run k6 = Run.measured(result("k6", "k6 1.1.0", 990.0, 1003.5, 1012.0, 1060.0, 2.2, 0), 0.9, 1.05);
        Run wrk = Run.measured(result("wrk", "wrk 4.1.0 (" + WrkEngine.CO_NOTE + ")", 1010.0, 1001.0, 1500.0, 1900.0, 0.24, 0), 0.9, 0.95);
        EngineComparison c = new EngineComparison(List.of(k6, HYPERFOIL, wrk));

        assertThat(c.baseline().engine()).as("hyperfoil is the baseline wherever it is listed").isEqualTo("hyperfoil");
        assertThat(c.tpsDiffPct(k6)).isCloseTo(-0.702, within(0.001));
        assertThat(c.p50DiffPct(k6)).isCloseTo(0.1497, within(0.001));
        assertThat(c.passed()).isTrue();
        // wrk's p99 is 49 % above: shown, not judged.
        assertThat(c.verdict(wrk)).isEqualTo("within bounds");
        assertThat(k6.cpuSecondsPer1kRequests()).isCloseTo(2.2 * 1000 / 19800, within(1e-9));

        String table = c.render();
        assertThat(table).contains("ΔTPS", "Δp50", "CPU-s/1k req", "crosscheck: PASSED")
                .contains("note: wrk's tail percentiles are CO-corrected estimates")
                .contains("bounds: TPS within ±3 % and p50 within ±2 % of hyperfoil");
        assertThat(table.lines().filter(l -> l.startsWith("wrk ")).findFirst().orElseThrow()).contains("+1.3%", "-0.1%", "+48.5%");
    }

    @Test
    void aTpsOrP50OutsideTheBoundsFails() {
        Run slow = Run.measured(result("k6", "k6 1.1.0", 950.0, 1003.0, 1012.0, 1060.0, 2.2, 0), 0.9, 1.05);
        Run late = Run.measured(result("wrk", "wrk 4.1.0", 997.0, 1025.0, 1030.0, 1060.0, 0.2, 0), 0.9, 0.95);
        EngineComparison c = new EngineComparison(List.of(HYPERFOIL, slow, late));

        assertThat(c.passed()).isFalse();
        assertThat(c.verdict(slow)).isEqualTo("OUT: TPS -4.7% beyond ±3 %");
        assertThat(c.verdict(late)).isEqualTo("OUT: p50 +2.3% beyond ±2 %");
        assertThat(c.render()).endsWith("crosscheck: FAILED\n").doesNotContain("CO-corrected");
    }

    @Test
    void aFailedEngineFailsTheCrosscheck() {
        EngineComparison c = new EngineComparison(List.of(HYPERFOIL, Run.failed("k6", "load engine failed: k6 exited with 107")));
        assertThat(c.passed()).isFalse();
        assertThat(c.render()).contains("k6         FAILED: load engine failed: k6 exited with 107");
    }

    @Test
    void aWindowWhereOtherProcessesTookCpuIsCalledDisturbed() {
        // Machine 1.9 cores busy: server 0.9, k6 0.11 (2.2 CPU-s over 20 s), so 0.89 cores were somebody else's.
        Run k6 = Run.measured(result("k6", "k6 1.1.0", 750.0, 1050.0, 2300.0, 2600.0, 2.2, 0), 0.9, 1.9);
        EngineComparison c = new EngineComparison(List.of(HYPERFOIL, k6));

        assertThat(k6.otherCores()).isCloseTo(0.89, within(1e-9));
        assertThat(HYPERFOIL.otherCores()).isCloseTo(0.075, within(1e-9));
        assertThat(c.notes()).anyMatch(n -> n.startsWith("DISTURBED: in k6's window other processes kept 0.89 of the"));
        assertThat(c.notes()).noneMatch(n -> n.contains("in hyperfoil's window"));
    }

    @Test
    void oneEngineAloneComparesNothing() {
        assertThat(new EngineComparison(List.of(HYPERFOIL)).passed()).isFalse();
    }

    @Test
    void theJsonCarriesEveryResultAndTheDiffs() {
        Run k6 = Run.measured(result("k6", "k6 1.1.0", 990.0, 1003.5, 1012.0, 1060.0, 2.2, 0), 0.85, 1.0);
        Map<String, Object> json = new EngineComparison(List.of(HYPERFOIL, k6)).json();
        String text = RunFolder.json().writeValueAsString(json);

        assertThat(json).containsEntry("baseline", "hyperfoil").containsEntry("passed", true);
        assertThat(text).contains("\"diffVsBaselinePct\"", "\"tps\" : -0.70", "\"serverCpuCores\" : 0.85",
                "\"engineVersion\" : \"k6 1.1.0\"", "\"verdict\" : \"within bounds\"");
        // A result's latencies are written flat beside its other figures, as before they were a value of their own.
        assertThat(text).contains("\"p50Ms\" : 1003.5", "\"meanMs\" : 1003.5").doesNotContain("\"latency\"");
    }
}
