package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The provenance names a cell measured while the machine's CPUs ran slower than for the run's other cells. */
class MachineSpeedLineTest {
    private static CellResult timed(String model, double referenceS) {
        return cell(model, Map.of("cpuReferenceS", referenceS));
    }

    private static CellResult cell(String model, Map<String, Double> metrics) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (String zero : List.of("serviceTimeMs", "warmupS", "durationS", "requests", "ok", "p50Ms", "p90Ms", "p99Ms", "maxMs")) {
            f.put(zero, 0);
        }
        f.put("metrics", metrics);
        return TestCells.ok(model, "thread-name", 1000, f);
    }

    @Test
    void aCellWhoseCpuReferenceTookLongerThanTheRunsMedianByMoreThanATenthIsNamed() {
        // this machine kind's two speed steps: 0.26 s and 0.43 s for the 64 MiB reference, so about 0.14 and 0.22 for 32
        List<CellResult> cells = List.of(timed("mvc-platform", 0.140), timed("mvc-virtual", 0.145), timed("webflux", 0.220));

        String line = ProvenanceBlock.cellSpeeds(cells);

        assertThat(line).contains("took 0.140–0.220 s of CPU, median 0.145")
                .contains("ran more than 10 % slower, a CPU-bound figure reading low by as much: webflux/thread-name-r1 (1.52x)")
                .doesNotContain("mvc-virtual/");
    }

    @Test
    void cellsWithinTheReferencesNoiseAreNotNamedAndOlderRunsHaveNoLine() {
        List<CellResult> steady = List.of(timed("mvc-platform", 0.140), timed("mvc-virtual", 0.150), timed("webflux", 0.145));

        assertThat(ProvenanceBlock.cellSpeeds(steady)).endsWith("no cell ran more than 10 % slower");
        assertThat(ProvenanceBlock.cellSpeeds(List.of(cell("webflux", Map.of())))).isEmpty();
    }
}
