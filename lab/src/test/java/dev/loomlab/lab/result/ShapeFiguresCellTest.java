package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Schema 9's {@code shapeFigures}: kept by its shape (a soak's, a ramp's), absent from a steady cell, and none in a cell of an older schema. */
class ShapeFiguresCellTest {
    @Test
    void aSoakCellKeepsItsSlopesAndReadsThemBack(@TempDir Path tmp) {
        ShapeFigures soak = new ShapeFigures.Soak(new ShapeFigures.Slope(6.0, 1.0, 150, 45), null, new ShapeFigures.Slope(0.1, null, 9, 45));

        JsonNode json = writtenAndReadBack(tmp, "mvc-virtual", soak);

        assertThat(json.get("shapeFigures").get("shape").asString()).isEqualTo("soak");
        assertThat(json.get("shapeFigures").has("heapFloorMb")).as("a slope not measured is left out").isFalse();
    }

    @Test
    void aRampCellKeepsItsSecondsAndItsKneeAndReadsThemBack(@TempDir Path tmp) {
        ShapeFigures ramp = new ShapeFigures.Ramp(50, 400, 20, List.of(new ShapeFigures.RampSecond(0, 50, 50, 1003.5, 0),
                new ShapeFigures.RampSecond(1, 68, 50, null, 2)), 199.5, 1.0, 1, 210, 1003.5, null);

        JsonNode json = writtenAndReadBack(tmp, "mvc-platform", ramp);

        assertThat(json.get("shapeFigures").get("shape").asString()).isEqualTo("ramp");
        assertThat(json.get("shapeFigures").has("p99DoubledVus")).as("a climb not seen is left out").isFalse();
        assertThat(json.get("shapeFigures").get("seconds").get(1).has("p99Ms")).as("a second with no answer has no p99").isFalse();
    }

    @Test
    void aSteadyCellHasNoShapeFiguresInItsFile(@TempDir Path tmp) {
        RunFolder folder = new RunFolder(tmp.resolve("run"));
        folder.create();
        folder.writeManifest(RunFolderTest.manifest(List.of()));
        CellResult steady = RunFolderTest.cell("mvc-virtual", "block", 1);

        folder.writeCell(steady);
        JsonNode json = RunFolder.json().readTree(folder.cellJson(steady.label(), steady.scenario(), steady.round()).toFile());

        assertThat(json.has("shapeFigures")).isFalse();
        assertThat(json.get("schema").asInt()).isEqualTo(9);
    }

    @Test
    void aCellOfAnOlderSchemaReadsWithNoShapeFigures() {
        Path old = dev.loomlab.lab.report.Golden.resources().resolve("runs/series/run-10/cells/mvc-platform/block-r1.json");

        CellResult read = RunFolder.readCell(old);

        assertThat(read.schema()).isEqualTo(7);
        assertThat(read.shapeFigures()).isNull();
    }

    /** The file of a cell with {@code figures}, once the cell read back from it has them as written. */
    private static JsonNode writtenAndReadBack(Path tmp, String model, ShapeFigures figures) {
        RunFolder folder = new RunFolder(tmp.resolve("run"));
        folder.create();
        folder.writeManifest(RunFolderTest.manifest(List.of()));
        CellResult written = RunFolderTest.cell(model, "block", 1).withShapeFigures(figures);
        folder.writeCell(written);
        Path file = folder.cellJson(written.label(), written.scenario(), written.round());
        assertThat(RunFolder.readCell(file).shapeFigures()).isEqualTo(figures);
        return RunFolder.json().readTree(file.toFile());
    }
}
