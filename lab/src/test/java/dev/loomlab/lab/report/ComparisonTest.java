package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    @Test
    void aDifferenceIsCalledOnlyBelowTheTestsSize() {
        assertThat(new Comparison.Judged(100, 110, 0.049, "Welch over rounds").verdict())
                .isEqualTo("**B higher**, beyond noise (p = 0.049, Welch over rounds)");
        assertThat(new Comparison.Judged(110, 100, 0.001, "Welch over rounds").verdict())
                .isEqualTo("**B lower**, beyond noise (p = 0.001, Welch over rounds)");
        assertThat(new Comparison.Judged(100, 110, 0.05, "Welch over rounds").verdict())
                .isEqualTo("within noise (p = 0.050, Welch over rounds)");
    }

    @Test
    void withoutPerSecondDataASingleRoundIsNotJudged() {
        assertThat(new Comparison.Judged(100, 300, Double.NaN, "a single round without per-second TPS").verdict())
                .isEqualTo("not judged (a single round without per-second TPS)");
    }

    /** One round of mvc-virtual block with its per-second 2xx counts (schema 3), as a run folder would hold it. */
    private static Comparison.Rounds oneRound(List<Long> okPerSecond) {
        double tps = okPerSecond.stream().mapToLong(Long::longValue).average().orElseThrow();
        CellResult fixture = Golden.fixture().cells().stream().filter(c -> "mvc-virtual".equals(c.label()) && "block".equals(c.scenario()))
                .findFirst().orElseThrow();
        Map<String, Object> fields = new LinkedHashMap<>();
        RunFolder.json().convertValue(fixture, Map.class).forEach((k, v) -> fields.put(String.valueOf(k), v));
        fields.put("tps", tps);
        fields.put("okPerSecond", okPerSecond);
        return Comparison.Rounds.of(null, List.of(RunFolder.json().convertValue(fields, CellResult.class)));
    }

    @Test
    void aSingleRoundIsJudgedOnItsPerSecondBatches() {
        Comparison.Rounds steady = oneRound(List.of(500L, 498L, 500L, 501L, 499L, 500L, 500L, 497L, 500L, 500L));
        Comparison.Rounds same = oneRound(List.of(499L, 500L, 500L, 500L, 502L, 498L, 500L, 500L, 499L, 500L));
        Comparison.Rounds slower = oneRound(List.of(485L, 484L, 486L, 485L, 483L, 485L, 487L, 485L, 485L, 484L));

        assertThat(Comparison.tps(steady, same).verdict()).startsWith("within noise (p = ").endsWith(", Welch over per-second batches)");
        assertThat(Comparison.tps(steady, slower).verdict()).startsWith("**B lower**, beyond noise (p = 0.000");
        assertThat(Comparison.percentile(steady, slower, 99).verdict()).isEqualTo("not judged (needs 2 rounds in each run)");
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
