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
 * A real ramp cell ({@code --shape "ramp from 50 over 20s"}) whose knee is known: mvc-platform on {@code block}, each request
 * asleep 1 s on one of the server's 200 threads, so by Little's law it answers min(VUs, 200) a second. The Hyperfoil driver
 * raises 50 users to 400 over the first 20 s of a 30 s window, 17.5 VUs a second, and holds 400 for the last 10 (the
 * plateau's nine seconds after the one the top is reached in). The cell records where the throughput stopped rising, and
 * its summary says so under the cell.
 */
class RampCellTest {
    private static final long WARMUP_S = MachineSpeed.scaled(Duration.ofSeconds(4)).toSeconds();
    /** The server's request threads: the throughput's cap at a 1 s sleep. */
    private static final int THREADS = 200;
    /** VUs the ramp adds a second: (400 - 50) / 20. */
    private static final double STEP = 17.5;

    @Test
    void aRampCellRecordsWhereThroughputStoppedRisingWithTheLoad(@TempDir Path out) throws Exception {
        // No skip on a slow machine: a 1 s sleep leaves the server's CPU idle, and on this machine loaded 2.6x (other builds
        // beside it) the cell's plateau and knee were in the bounds below.
        RunFolder run = InProcessLab.run(out, "--plan", "quick", "--models", "mvc-platform", "--scenarios", "block", "--sleep-ms", "1000",
                "--vus", "400", "--warmup", WARMUP_S + "s", "--duration", "30s", "--shape", "ramp from 50 over 20s");

        CellResult cell = ShapedCells.only(run);
        ShapeFigures.Ramp ramp = (ShapeFigures.Ramp) cell.shapeFigures();
        assertThat(ramp.fromVus()).isEqualTo(50);
        assertThat(ramp.toVus()).isEqualTo(400);
        assertThat(ramp.seconds()).hasSize(30);
        // a thread answers at most once a second (its request sleeps 1 s), so no second holds more than 200 answers; the
        // server's own overhead on each cycle, a few percent at most on a machine this fast, is all that keeps it under
        assertThat(ramp.plateauTps()).as("%s", ramp).isBetween(0.95 * THREADS, (double) THREADS);
        // The answers completed in second s are those the VUs of s - 1 sent (a 1 s sleep: the lag the knee is read back by),
        // and levels come 17.5 VUs apart: the knee is the first level whose answers reach the plateau's band, from a level
        // under 200 (the band, up to a level wide, reached before the cap) to the first level over it.
        assertThat(ramp.lagS()).as("%s", ramp).isEqualTo(1);
        assertThat(ramp.kneeVus()).as("%s", ramp).isNotNull();
        assertThat((double) ramp.kneeVus()).as("%s", ramp).isBetween(THREADS - STEP, THREADS + STEP);
        String line = "ramp from 50 to 400 VUs over 20 s: throughput stopped rising at ~" + ramp.kneeVus() + " VUs";
        assertThat(Files.readString(run.root().resolve(RunFolder.SUMMARY))).contains(line);
        assertThat(Files.readString(run.root().resolve(ReportFiles.HTML))).contains(line);
    }
}
