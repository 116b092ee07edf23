package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.Golden;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** What ran beside a cell is its typed record, whichever schema wrote the file. */
class BesideTest {
    private static final List<String> OLD_KEYS = List.of("driverCpuCoresMean", "dbCpuCoresMean", "labCpuCoresMean", "otherCpuCoresMean");

    @TempDir
    Path tmp;

    @Test
    void aSchemaFiveCellMovesTheFourMetricsIntoTheRecord() {
        Path file = Golden.resources().resolve("runs/aab/s1000-1/cells/mvc-platform/block-r1.json");
        JsonNode tree = RunFolder.json().readTree(file.toFile());

        CellResult old = RunFolder.readCell(file);

        assertThat(tree.path("schema").asInt()).isEqualTo(5);
        assertThat(old.beside()).isEqualTo(new Beside(Optional.of(0.059), Optional.of(0.001), Optional.of(0.036), Optional.of(0.004)));
        assertThat(old.metrics()).doesNotContainKeys(OLD_KEYS.toArray(String[]::new)).containsEntry("serverCpuCoresMean", 0.245);
    }

    @Test
    void aFigureAnOldCellDidNotHaveStaysAbsent() {
        // schema 2 measured the driver and the database, not yet the lab or the rest of the machine
        CellResult old = RunFolder.readCell(Golden.resources().resolve("cells/schema-2-closed.json"));

        assertThat(old.beside()).isEqualTo(new Beside(Optional.of(0.012), Optional.of(0.0), Optional.empty(), Optional.empty()));
        assertThat(old.metrics()).doesNotContainKeys(OLD_KEYS.toArray(String[]::new));
    }

    @Test
    void aSchemaSixCellReadsBackEqualAndKeepsTheFiguresOutOfItsMetrics() {
        Beside beside = new Beside(Optional.of(0.05), Optional.empty(), Optional.of(0.01), Optional.of(0.2));
        ObjectNode fields = RunFolder.json().valueToTree(RunFolderTest.cell("mvc-virtual", "block", 1));
        fields.set("beside", RunFolder.json().valueToTree(beside));
        fields.set("metrics", RunFolder.json().valueToTree(Map.of("serverCpuCoresMean", 0.5)));
        CellResult written = RunFolder.cell(fields);
        RunFolder folder = new RunFolder(tmp.resolve("run"));
        folder.create();
        folder.writeManifest(RunFolderTest.manifest(List.of()));

        folder.writeCell(written);
        Path file = folder.cellJson(written.label(), written.scenario(), written.round());
        JsonNode json = RunFolder.json().readTree(file.toFile());
        CellResult read = RunFolder.readCell(file);

        assertThat(read).isEqualTo(written);
        assertThat(read.schema()).isEqualTo(CellResult.SCHEMA);
        assertThat(read.beside()).isEqualTo(beside);
        assertThat(json.get("beside").toString()).isEqualTo("{\"driverCores\":0.05,\"labCores\":0.01,\"otherCores\":0.2}");
        assertThat(OLD_KEYS).noneMatch(json.get("metrics")::has);
    }

    @Test
    void theSamplersFiguresSplitIntoTheRecordAndTheRest() {
        Map<String, Double> figures = Map.of("serverCpuCoresMean", 0.5, "driverCpuCoresMean", 0.1, "otherCpuCoresMean", 0.02);

        assertThat(Beside.of(figures)).isEqualTo(new Beside(Optional.of(0.1), Optional.empty(), Optional.empty(), Optional.of(0.02)));
        assertThat(Beside.without(figures)).isEqualTo(Map.of("serverCpuCoresMean", 0.5));
        assertThat(Beside.of(null)).isEqualTo(Beside.UNKNOWN);
    }

    @Test
    void aCellWithoutTheRecordKnowsNothingOfWhatRanBeside() {
        assertThat(RunFolderTest.cell("mvc-virtual", "block", 1).beside()).isEqualTo(Beside.UNKNOWN);
    }
}
