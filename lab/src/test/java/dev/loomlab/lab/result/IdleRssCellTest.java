package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** A cell of schema 6 or older never read the server's resident set at rest: it reads as not known, not as zero. */
class IdleRssCellTest {

    @Test
    void aSchemaSixCellReadsWithNoIdleRss() {
        ObjectNode old = RunFolder.json().valueToTree(RunFolderTest.cell("mvc-virtual", "block", 1));
        old.put("schema", 6);
        old.remove("serverRssMbIdle");

        CellResult read = RunFolder.cell(old);

        assertThat(read.serverRssMbIdle()).isNull();
        assertThat(read.schema()).isEqualTo(6);
    }

    @Test
    void aCellWithItsIdleRssKeepsIt() {
        CellResult read = RunFolder.cell(RunFolder.json().valueToTree(RunFolderTest.cell("mvc-virtual", "block", 1).withServerAtRest(180.25, ServerStart.UNKNOWN)));

        assertThat(read.serverRssMbIdle()).isEqualTo(180.25);
    }
}
