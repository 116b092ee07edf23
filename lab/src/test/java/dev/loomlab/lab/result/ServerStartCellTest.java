package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.Golden;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * A cell says how its server started (schema 8), spelled in lower case; a cell written before never recorded it and reads
 * as unknown — never as cold, which would pass a start from the cache, or one that trained it, for a cold one.
 */
class ServerStartCellTest {

    @Test
    void aRealSchemaSevenCellReadsAsUnknownNotAsCold() {
        // written by a run of the quick plan (runs/series/README.md) with its start-up caches in place, before schema 8
        Path file = Golden.resources().resolve("runs/series/run-10/cells/mvc-platform/block-r1.json");

        CellResult read = RunFolder.readCell(file);

        assertThat(read.schema()).isEqualTo(7);
        assertThat(read.serverStart()).isEqualTo(ServerStart.UNKNOWN);
        assertThat(read.serverStart().known()).isFalse();
        assertThat(read.stages().stages()).as("its time to the first answer is there, without what it is the cost of").isNotEmpty();
    }

    @Test
    void aCellOfAnOlderSchemaWithoutTheFieldReadsAsUnknown() {
        ObjectNode old = RunFolder.json().valueToTree(RunFolderTest.cell("mvc-virtual", "block", 1).withServerAtRest(null, ServerStart.COLD));
        old.put("schema", 7);
        old.remove("serverStart");

        assertThat(RunFolder.cell(old).serverStart()).isEqualTo(ServerStart.UNKNOWN);
    }

    @ParameterizedTest
    @EnumSource(ServerStart.class)
    void eachStartIsWrittenInLowerCaseAndReadBack(ServerStart start) {
        CellResult written = RunFolderTest.cell("mvc-virtual", "block", 1).withServerAtRest(null, start);

        ObjectNode json = RunFolder.json().valueToTree(written);

        assertThat(json.get("schema").asInt()).isEqualTo(CellResult.SCHEMA);
        assertThat(json.get("serverStart").asString()).isEqualTo(start.name().toLowerCase(java.util.Locale.ROOT));
        assertThat(RunFolder.cell(json).serverStart()).isEqualTo(start);
    }
}
