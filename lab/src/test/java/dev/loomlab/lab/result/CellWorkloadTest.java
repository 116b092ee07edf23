package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.loomlab.lab.report.Golden;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A cell's load is its typed workload, whichever schema wrote the file. */
class CellWorkloadTest {
    @TempDir
    Path tmp;

    /** A cell file of each schema before 5, as that schema spelled its load ({@code vus}, {@code rate} or {@code burst}). */
    static Stream<Arguments> olderCells() {
        return Stream.of(
                arguments(1, "runs/fixture/cells/mvc-virtual/block-r1.json", new Workload.Closed(500)),
                arguments(1, "runs/fixture/cells/webflux/block-r1.json", new Workload.Closed(500)),
                arguments(2, "cells/schema-2-closed.json", new Workload.Closed(500)),
                arguments(3, "cells/schema-3-open.json", new Workload.Open(300)),
                arguments(4, "cells/schema-4-burst.json", new Workload.Burst(1000)));
    }

    @ParameterizedTest(name = "schema {0}: {1}")
    @MethodSource("olderCells")
    void anOlderCellReadsItsLoadAsTheWorkloadASchemaFiveCellWrites(int schema, String file, Workload load) {
        CellResult old = RunFolder.readCell(Golden.resources().resolve(file));

        CellResult fresh = writtenAndRead(RunFolderTest.cell("mvc-virtual", "block", 1), load);

        assertThat(old.schema()).isEqualTo(schema);
        assertThat(old.workload()).isEqualTo(load).isEqualTo(fresh.workload());
        assertThat(fresh.schema()).isEqualTo(CellResult.SCHEMA);
    }

    static Stream<Workload> everyShape() {
        return Stream.of(new Workload.Closed(500), new Workload.Open(312.5), new Workload.Burst(1000));
    }

    @ParameterizedTest
    @MethodSource("everyShape")
    void aSchemaFiveCellReadsBackEqual(Workload load) {
        CellResult written = withWorkload(RunFolderTest.cell("mvc-virtual", "block", 1), load);

        assertThat(writtenAndRead(written, load)).isEqualTo(written);
    }

    @Test
    void aSchemaFiveCellSpellsItsLoadAsTheDriverDoesAndNothingElse() {
        RunFolder folder = folder();
        folder.writeCell(withWorkload(RunFolderTest.cell("mvc-virtual", "block", 1), new Workload.Open(300)));

        JsonNode json = RunFolder.json().readTree(folder.cellJson("mvc-virtual", "block", 1).toFile());

        assertThat(json.get("workload").toString()).isEqualTo("{\"shape\":\"open\",\"ratePerSec\":300.0}");
        assertThat(json.has("vus") || json.has("rate") || json.has("burst")).as("the old columns of the load").isFalse();
    }

    @Test
    void theLabsJacksonReadsTheLoadApisAnnotations() {
        // load-api annotates Workload for the driver's Jackson 2; the lab's Jackson 3 must spell and read the same shape.
        assertThat(RunFolder.json().valueToTree(new Workload.Closed(500)).toString()).isEqualTo("{\"shape\":\"closed\",\"vus\":500}");
        assertThat(RunFolder.json().valueToTree(new Workload.Burst(600)).toString()).isEqualTo("{\"shape\":\"burst\",\"requests\":600}");
        assertThat(RunFolder.json().readValue("{\"shape\":\"open\",\"ratePerSec\":250.0}", Workload.class))
                .isEqualTo(new Workload.Open(250));
    }

    @Test
    void anOldCellThatRecordedNoLoadHasNoWorkload() {
        ObjectNode noLoad = (ObjectNode) RunFolder.json().readTree(Golden.resources().resolve("cells/schema-2-closed.json").toFile());
        noLoad.remove(List.of("vus", "rate", "burst"));

        assertThat(RunFolder.cell(noLoad).workload()).isNull();
    }

    @Test
    void theReaderLeavesTheTreeItIsGivenAsItWas() {
        ObjectNode old = (ObjectNode) RunFolder.json().readTree(Golden.resources().resolve("cells/schema-3-open.json").toFile());
        String before = old.toString();

        RunFolder.cell(old);

        assertThat(old.toString()).isEqualTo(before);
    }

    private CellResult writtenAndRead(CellResult cell, Workload load) {
        RunFolder folder = folder();
        folder.writeCell(withWorkload(cell, load));
        return RunFolder.readCell(folder.cellJson(cell.label(), cell.scenario(), cell.round()));
    }

    private RunFolder folder() {
        RunFolder folder = new RunFolder(tmp.resolve("run-" + System.nanoTime()));
        folder.create();
        folder.writeManifest(RunFolderTest.manifest(List.of()));
        return folder;
    }

    /** The cell with another load, by field name as a cell file spells it. */
    private static CellResult withWorkload(CellResult cell, Workload load) {
        ObjectNode fields = RunFolder.json().valueToTree(cell);
        fields.set("workload", RunFolder.json().valueToTree(load));
        return RunFolder.cell(fields);
    }
}
