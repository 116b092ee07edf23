package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    /** One round of mvc-virtual block with its per-second 2xx counts (schema 3), as a run folder would hold it. */
    private static Comparison.Rounds oneRound(List<Long> okPerSecond) {
        double tps = okPerSecond.stream().mapToLong(Long::longValue).average().orElseThrow();
        return Comparison.Rounds.of(null, List.of(Golden.mvcVirtualBlockWith(Map.of("tps", tps, "okPerSecond", okPerSecond))));
    }

    /**
     * One round a side is inconclusive however far apart: its seconds hold none of the run-to-run spread, and a test on
     * them called one window's drift a difference.
     */
    @Test
    void aSingleRoundIsInconclusiveHoweverItsSecondsLook() {
        Comparison.Rounds steady = oneRound(List.of(500L, 498L, 500L, 501L, 499L, 500L, 500L, 497L, 500L, 500L));
        Comparison.Rounds slower = oneRound(List.of(485L, 484L, 486L, 485L, 483L, 485L, 487L, 485L, 485L, 484L));

        assertThat(Comparison.tps(steady, slower, Comparison.Margins.DEFAULT).text())
                .isEqualTo("inconclusive (1 round: needs 2 rounds a side (fresh JVMs))");
        assertThat(Comparison.percentile(steady, slower, 99, Comparison.Margins.DEFAULT).call())
                .isEqualTo(dev.loomlab.lab.stats.Difference.Call.INCONCLUSIVE);
    }

    @Test
    void aMachineWhoseCpuReferenceTookFourTimesAsLongIsNamedAsASetUpDifferenceAndOneWithinItsNoiseIsNot() {
        dev.loomlab.lab.result.Manifest fast = new dev.loomlab.lab.result.Manifest.Builder().runId("a")
                .machine(java.util.Map.of("cores", "2", "calibrationServerS", "0.450")).build();
        dev.loomlab.lab.result.Manifest slow = new dev.loomlab.lab.result.Manifest.Builder().runId("b")
                .machine(java.util.Map.of("cores", "2", "calibrationServerS", "1.800")).build();
        dev.loomlab.lab.result.Manifest same = new dev.loomlab.lab.result.Manifest.Builder().runId("c")
                .machine(java.util.Map.of("cores", "2", "calibrationServerS", "0.470")).build();

        assertThat(Comparison.setupDifferences(fast, java.util.List.of(), slow, java.util.List.of()))
                .contains("machine speed: the CPU reference took 0.450 s vs 1.800 s on the server's CPUs (B's CPU 0.25x A's speed)");
        assertThat(Comparison.setupDifferences(fast, java.util.List.of(), same, java.util.List.of())).noneMatch(d -> d.startsWith("machine speed"));
    }
}
