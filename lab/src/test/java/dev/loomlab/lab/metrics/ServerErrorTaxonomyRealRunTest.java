package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.e2e.InProcessLab;
import dev.loomlab.lab.findings.Findings;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server-side half of the error taxonomy, on a real run whose answer is known: 20 VUs on a
 * pool of 2 connections held 0.5 s each serve 4 requests/s, so a request that waits behind 16
 * others (4 s) outlasts a 1 s pool wait. Both servers must answer those with 503 and count them
 * as pool timeouts — not as database errors — and the findings must say so.
 */
class ServerErrorTaxonomyRealRunTest {

    @Test
    void poolTimeoutsAreCountedByTheServerAndMatchTheClientsHttpErrors(@TempDir Path out) throws IOException {
        RunFolder run = InProcessLab.run(out, "--plan", "quick",
                // the order this test was measured in: with webflux first (a shuffled order) its cell once had no
                // serverErrors figure at all (0.7 TPS, its scrapes not both taken) — an open question, not this test's
                "--order", "fixed", "--models", "mvc-virtual,webflux", "--scenarios", "slow-query",
                "--vus", "20", "--sleep-ms", "500", "--pool-size", "2", "--pool-timeout", "1s",
                "--warmup", "3s", "--duration", "6s", "--heap", "512m");
        Path runDir = run.root();
        List<CellResult> cells = run.readCells();
        assertThat(cells).extracting(CellResult::label).containsExactly("mvc-virtual", "webflux");

        for (CellResult cell : cells) {
            long http5xx = cell.errors().get("status5xx");
            assertThat(http5xx).as(cell.label() + " 5xx").isPositive();
            double poolTimeouts = cell.metrics().get("serverErrors.pool-timeout");
            // The client counts answers inside its window, the server errors between two scrapes
            // about a second apart at each end: equal up to the requests of those edges.
            assertThat(poolTimeouts).as(cell.label() + " pool timeouts").isPositive()
                    .isBetween(http5xx * 0.6, http5xx * 1.4 + 8);
            assertThat(cell.metrics().get("serverErrors.db-error")).as(cell.label()).isZero();
            assertThat(cell.metrics()).containsKey("listenOverflows");
            assertThat(Findings.sentences(runDir, cell)).as(cell.label()).anySatisfy(f -> assertThat(f).contains("pool-timeout"));
        }
    }
}
