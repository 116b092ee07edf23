package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cost table says what each time to the first correct answer is the cost of: a start from the start-up cache, a cold
 * one, or one that trained the cache first — which is shown apart, its figure in parentheses, as a start of neither kind.
 */
class CostSectionTest {
    private static final Manifest MANIFEST = Golden.fixture().manifest();

    /** Ready after {@code readyS}, contract checked in 0.3 s: the first correct answer at {@code readyS} + 0.3 s. */
    private static CellResult started(String model, String scenario, double readyS, String serverStart) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (String zero : List.of("serviceTimeMs", "warmupS", "durationS", "requests", "ok", "p50Ms", "p90Ms", "p99Ms", "maxMs")) {
            fields.put(zero, 0);
        }
        fields.put("stages", Map.of("ready", readyS, "verify", 0.3));
        fields.put("serverStart", serverStart);
        return TestCells.ok(model, scenario, 1000, fields);
    }

    private static String table(List<CellResult> cells) {
        StringBuilder md = new StringBuilder();
        CostSection.append(md, new RunFacts(MANIFEST, cells), cells);
        return md.toString();
    }

    @Test
    void eachFirstAnswerSaysHowItsServerStartedAndATrainingStartIsNeitherCachedNorCold() {
        CellResult failed = RunFolder.cell(RunFolder.json().valueToTree(started("webflux", "thread-name", 4.5, "unknown")
                .withStatus("failed", "the contract check failed")));
        String md = table(List.of(started("mvc-platform", "block", 4.5, "cache"), started("mvc-virtual", "block", 5.2, "cold"),
                started("webflux", "block", 19.6, "training"), failed));

        // 4.5 s + 0.3 s = 4800 ms; 5.2 + 0.3 = 5500; 19.6 + 0.3 = 19900
        assertThat(md).contains("| mvc-platform | block | 1 | 4800 (cache) |", "| mvc-virtual | block | 1 | 5500 (cold) |",
                "| webflux | block | 1 | training (19900) |");
        assertThat(md).as("the sentence says what the training's figure is")
                .contains("\"training (…)\": this start first ran the JVM that records the cache")
                .contains("counts as neither a cached nor a cold start");
        assertThat(md).as("every measured cell's start is recorded; a failed cell shows no figure")
                .contains("| webflux | thread-name | 1 | — |").doesNotContain("is not recorded in the cell");
    }

    @Test
    void aFigureOfACellThatDidNotRecordItsStartIsShownAloneAndTheTableSaysItIsNotRecorded() {
        String md = table(List.of(started("mvc-platform", "block", 4.5, "cache"), started("mvc-virtual", "block", 4.5, "unknown")));

        assertThat(md).contains("| mvc-platform | block | 1 | 4800 (cache) |", "| mvc-virtual | block | 1 | 4800 |")
                .contains("whether the server started from its start-up cache or cold is not recorded in the cell "
                        + "(cells written before schema 8, a --target server)");
    }

    @Test
    void thePagesRowsCarryHowTheServerStarted() {
        List<CellResult> cells = List.of(started("mvc-platform", "block", 4.5, "training"));

        List<Map<String, Object>> rows = CostSection.rows(new RunFacts(MANIFEST, cells), cells);

        assertThat(rows).singleElement().satisfies(row -> {
            assertThat(row).containsEntry("firstAnswerMs", 4800.0);
            assertThat(RunFolder.json().writeValueAsString(row.get("serverStart"))).isEqualTo("\"training\"");
        });
    }
}
