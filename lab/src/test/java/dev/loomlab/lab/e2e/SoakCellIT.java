package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Fact;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.lab.testing.LeakyService;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real soak cell ({@code --shape soak}) on a fixture service that leaks on purpose ({@link LeakyService}, run as a user's
 * jar): the endpoint that keeps what it is sent gets the {@code memory-grows} finding, the same load on the endpoint that
 * lets it go does not. Each cell: 40 requests/s, each allocating 2 MB of garbage and a 32 KB block (1.3 MB/s kept by the
 * leaking endpoint), a 20 s warm-up and a 50 s window on a 256 MB heap — the leak fills well under half of it. The garbage
 * makes young collections come every few seconds, so the heap's floors are sampled, and sizes the young generation
 * during the warm-up: a young generation still growing into pages it never touched raises a JVM's RSS, leak or not.
 * The slopes are the window's second half's: 45 to 70 s into the load. After a 10 s warm-up and a 40 s window, the endpoint
 * that keeps nothing read RSS +2.1 MB a minute ± 0.8 (0.9 % of its 235 MB a minute, under the rule's 1 %) — a JVM still
 * settling; the leaking one +103 MB a minute ± 10 (36.5 %). Two cells of about 80 s: a long test ({@code ./loomlab test-long}),
 * so that the suite's real cells stay short.
 */
class SoakCellIT {
    @TempDir
    static Path dir;
    private static Path jar;

    @BeforeAll
    static void packTheFixture() {
        jar = LeakyService.jar(dir);
    }

    private static CellResult soak(Path out, String endpoint) throws Exception {
        Path plan = dir.resolve(endpoint + ".yaml");
        Files.writeString(plan, "name: " + endpoint + "\nrequests:\n  - name: " + endpoint + "\n    path: /" + endpoint + "?kb=32&junk=2048\n");
        RunFolder run = InProcessLab.run(out, "--plan", plan.toString(), "--app", jar.toString(), "--models", "app-platform",
                "--rate", "40", "--warmup", "20s", "--duration", "50s", "--heap", "256m", "--shape", "soak");
        CellResult cell = run.readCells().getFirst();
        assertThat(cell.succeeded()).as("cell failed: %s", cell.failure()).isTrue();
        assertThat(Files.readString(run.root().resolve(RunFolder.SUMMARY))).contains("soak, slopes over the window's second half: RSS ");
        return cell;
    }

    @Test
    void theLeakingEndpointGetsTheMemoryGrowthFinding(@TempDir Path out) throws Exception {
        CellResult cell = soak(out, "keep");

        ShapeFigures.Soak soak = (ShapeFigures.Soak) cell.shapeFigures();
        assertThat(soak.rssMb()).as("RSS sampled each second").isNotNull();
        assertThat(soak.p99Ms()).as("each second's p99").isNotNull();
        assertThat(cell.findings()).as("findings of %s", soak).extracting(Fact::rule).contains("memory-grows");
    }

    @Test
    void theSameLoadOnAnEndpointThatKeepsNothingDoesNot(@TempDir Path out) throws Exception {
        CellResult cell = soak(out, "drop");

        ShapeFigures.Soak soak = (ShapeFigures.Soak) cell.shapeFigures();
        assertThat(soak.rssMb()).isNotNull();
        assertThat(cell.findings()).as("findings of %s", soak).extracting(Fact::rule).doesNotContain("memory-grows");
    }
}
