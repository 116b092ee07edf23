package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.RunFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resumed run measures its missing cells on the JDK the run gave their model (legacy: 17), not
 * on the lab's own: the kept cells and the resumed ones are the same experiment.
 */
class ResumedCellJdkTest {

    @Test
    void aResumedCellRunsOnTheJdkTheRunGaveItsModel(@TempDir Path out) throws Exception {
        int exit = Loomlab.commandLine().execute("run", "--plan", "quick", "--models", "legacy", "--scenarios", "block",
                "--vus", "5", "--sleep-ms", "100", "--warmup", "1s", "--duration", "2s", "--rounds", "1",
                "--heap", "256m", "--out", out.toString());
        assertThat(exit).isZero();
        RunFolder run = new RunFolder(RunFolders.only(out));
        String original = run.readCells().getFirst().serverJdk();
        assertThat(original).startsWith("17");
        // The cell lost, as one cut short by an interruption is: the resume measures it again.
        Files.delete(run.cellJson("legacy", "block", 1));

        assertThat(Loomlab.commandLine().execute("run", "--resume", run.root().toString())).isZero();

        assertThat(run.readCells()).singleElement().extracting(CellResult::serverJdk).isEqualTo(original);
    }
}
