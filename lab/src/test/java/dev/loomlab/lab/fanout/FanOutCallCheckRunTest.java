package dev.loomlab.lab.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import dev.loomlab.lab.findings.Findings;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.RunFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's lesson on real servers: a bounded burst of 40 requests per cell, the downstream
 * server in its own JVM counting calls. The variant whose first call is never made answers
 * like the others — and must be the one cell the check flags.
 */
class FanOutCallCheckRunTest {

    @Test
    void theCallCheckCatchesTheUnsubscribedCallAndPassesTheCorrectVariants(@TempDir Path out) throws Exception {
        int exit = Loomlab.commandLine().execute("run", "--plan", "quick",
                // Seed 003's bug was WebFlux's; one correct variant beside it is enough here: every
                // variant on every model is the pitfalls plan's fan-out part, each server's FanOutTest
                // checks its own calls.
                "--models", "webflux",
                "--scenarios", "fan-out-parallel,fan-out-unsubscribed",
                "--burst", "40", "--sleep-ms", "200", "--heap", "512m", "--out", out.toString());

        assertThat(exit).isZero();
        Path runDir = RunFolders.only(out);
        List<CellResult> cells = new RunFolder(runDir).readCells();
        assertThat(cells).hasSize(2).allMatch(CellResult::succeeded);
        for (CellResult cell : cells) {
            assertThat(cell.ok()).as(cell.label() + "/" + cell.scenario()).isEqualTo(40);
            assertThat(cell.metrics()).containsEntry("downstreamCallsExpectedPerRequest", 2.0);
            if (cell.scenario().equals("fan-out-unsubscribed")) {
                assertThat(cell.metrics()).containsEntry("downstreamCalls", 40.0);
                assertThat(cell.limitedBy()).isEqualTo("wrong-calls");
                assertThat(Findings.sentences(runDir, cell).getFirst())
                        .contains(": fan-out call check FAILED: 2 calls expected per request, 1.00 observed")
                        .contains("a call was never made");
            } else {
                assertThat(cell.metrics()).containsEntry("downstreamCalls", 80.0);
                assertThat(cell.limitedBy()).isNotEqualTo("wrong-calls");
                assertThat(Findings.sentences(runDir, cell).getFirst()).contains(": fan-out call check passed: 2 calls expected per request, 2.00 observed");
            }
        }
        String summary = Files.readString(runDir.resolve(RunFolder.SUMMARY));
        assertThat(summary).contains("wrong-calls").contains("a call was never made");
        assertThat(runDir.resolve("logs/downstream.log")).content().contains("loomlab-ready");
    }
}
