package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ServerStart;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cost of a model, worked by hand from a cell whose figures are round. */
class ModelCostTest {

    /** Ready after 1.2 s, contract checked in 0.3 s; 180 MB at rest, 512 MB under load; 1000 TPS on 2.5 cores. */
    private static final Map<String, Object> KNOWN = Map.of(
            "stages", Map.of("ready", 1.2, "verify", 0.3, "window", 10.0, "wall", 14.0),
            "serverRssMbIdle", 180.0,
            "metrics", Map.of("serverRssMbMax", 512.0),
            "serverCpuCores", 2.5);

    private static final ModelCost NOTHING = new ModelCost(null, ServerStart.UNKNOWN, null, null, null, null);

    @Test
    void eachFigureOfACellWhoseAnswerIsKnown() {
        ModelCost cost = ModelCost.of(cell(KNOWN));

        // 1.2 s + 0.3 s = 1.5 s
        assertThat(cost.firstAnswerMs()).isCloseTo(1500.0, within(1e-9));
        assertThat(cost.idleRssMb()).isEqualTo(180.0);
        assertThat(cost.loadRssMb()).isEqualTo(512.0);
        // 512 MB is half a GB: 1000 TPS / 0.5 GB = 2000 TPS per GB
        assertThat(cost.tpsPerGb()).isCloseTo(2000.0, within(1e-9));
        // 1000 TPS / 2.5 cores = 400 TPS per core
        assertThat(cost.tpsPerCore()).isCloseTo(400.0, within(1e-9));
    }

    @Test
    void theFirstAnswerKeepsHowItsServerStarted() {
        for (ServerStart start : List.of(ServerStart.CACHE, ServerStart.COLD, ServerStart.TRAINING)) {
            Map<String, Object> fields = new LinkedHashMap<>(KNOWN);
            fields.put("serverStart", start.spelling());

            ModelCost cost = ModelCost.of(cell(fields));

            assertThat(cost.serverStart()).isEqualTo(start);
            assertThat(cost.firstAnswerMs()).as("the figure is the same: the kind says what it is the cost of").isCloseTo(1500.0, within(1e-9));
        }
        assertThat(ModelCost.of(cell(KNOWN)).serverStart()).as("a cell that did not record it").isEqualTo(ServerStart.UNKNOWN);
    }

    @Test
    void aCellFromBeforeTheFiguresHasNoneOfThemRatherThanZero() {
        assertThat(ModelCost.of(cell(Map.of()))).isEqualTo(NOTHING);
    }

    @Test
    void aServerThatUsedNoMeasuredCpuHasNoThroughputPerCore() {
        ModelCost cost = ModelCost.of(cell(Map.of("serverCpuCores", 0.0, "metrics", Map.of("serverRssMbMax", 2048.0))));

        assertThat(cost.tpsPerCore()).isNull();
        // 2048 MB = 2 GB: 1000 / 2 = 500
        assertThat(cost.tpsPerGb()).isCloseTo(500.0, within(1e-9));
    }

    @Test
    void aFailedCellCostsNothingItCouldShow() {
        Map<String, Object> failed = new LinkedHashMap<>(KNOWN);
        failed.put("status", "failed");
        failed.put("failure", "the contract check failed");

        assertThat(ModelCost.of(cell(failed))).isEqualTo(NOTHING);
    }

    /** A cell of 1000 TPS with {@code fields} on top, its other figures zero. */
    private static CellResult cell(Map<String, Object> fields) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (String zero : List.of("serviceTimeMs", "warmupS", "durationS", "requests", "ok", "p50Ms", "p90Ms", "p99Ms", "maxMs")) {
            f.put(zero, 0);
        }
        f.putAll(fields);
        return TestCells.ok("mvc-virtual", "block", 1000, f);
    }
}
