package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.lab.testing.MachineSpeed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real spike cell ({@code --shape "spike 5x for 5s at 10s"}) on mvc-virtual, the Hyperfoil driver stepping its 20 users to
 * 100 for five seconds of its 35 s window and back (ten seconds before the step to know its p99 by, twenty after it to recover
 * in): the cell records the errors during the step and how long its p99 took
 * to come back, and its summary says so under the cell.
 */
class SpikeCellTest {
    private static final long WARMUP_S = MachineSpeed.scaled(Duration.ofSeconds(4)).toSeconds();
    private static final String[] SPIKED_CELL = {"--plan", "quick", "--models", "mvc-virtual", "--scenarios", "block", "--sleep-ms", "100",
            "--vus", "20", "--warmup", WARMUP_S + "s", "--duration", "35s", "--shape", "spike 5x for 5s at 10s"};

    @Test
    void aSpikeCellRecordsItsErrorsAndItsRecoveryTime(@TempDir Path out) throws Exception {
        RunFolder run = InProcessLab.run(out, SPIKED_CELL);

        CellResult cell = ShapedCells.only(run);
        ShapeFigures.Spike spike = (ShapeFigures.Spike) cell.shapeFigures();
        assertThat(spike).extracting(ShapeFigures.Spike::atS, ShapeFigures.Spike::lengthS, ShapeFigures.Spike::windowLeftS)
                .containsExactly(10.0, 5.0, 20.0);
        assertThat(spike.errorsDuring()).isNotNegative();
        assertThat(spike.recoveryS()).as("the p99 came back before the window ended: %s", spike).isNotNull();
        assertThat(spike.recoveryS()).isBetween(0.0, spike.windowLeftS() - ShapeFigures.Spike.RECOVERED_FOR);
        // the step happened: five times the users of a 100 ms sleep send well over twice as many requests a second
        double stepRate = spike.requestsDuring() / spike.lengthS();
        double outsideRate = (cell.requests() - spike.requestsDuring()) / (cell.durationS() - spike.lengthS());
        assertThat(stepRate).isGreaterThan(2 * outsideRate);
        assertThat(Files.readString(run.root().resolve(RunFolder.SUMMARY))).contains("spike 5x for 5 s at 10 s: ");
        assertThat(Files.readString(run.root().resolve(ReportFiles.HTML))).contains("spike 5x for 5 s at 10 s: ");
    }
}
