package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.MachineSpeed;
import dev.loomlab.lab.testing.StandInStack;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-run part of the stand-in stack (StandInStackTest is the rest): a stack the lab knows by its descriptor
 * alone (src/test/resources/stand-in, the mvc jar under another name) is launched, verified, measured, judged and
 * reported like any other — embedded PostgreSQL, a fresh server JVM per cell, the Hyperfoil driver, real HTTP.
 */
class StandInStackEndToEndTest {
    private static final long WARMUP_S = MachineSpeed.scaled(Duration.ofSeconds(3)).toSeconds();

    @BeforeAll
    static void addTheStandIn() {
        StandInStack.add();
    }

    @AfterAll
    static void removeIt() {
        StandInStack.remove();
    }

    @Test
    void aRunOfTheStandInIsMeasuredAndReportedUnderItsOwnNames(@TempDir Path out) throws Exception {
        RunFolder run = InProcessLab.run(out, "--plan", "quick", "--order", "fixed",
                "--models", StandInStack.PLATFORM + "," + StandInStack.VIRTUAL, "--scenarios", "block",
                "--vus", "300", "--sleep-ms", "500", "--warmup", WARMUP_S + "s", "--duration", "5s", "--heap", "512m");

        List<CellResult> cells = run.readCells();
        assertThat(cells).extracting(c -> c.label() + "/" + c.scenario()).containsExactly("stand-in-platform/block", "stand-in-virtual/block");
        assertThat(cells).allMatch(CellResult::succeeded);
        // min(300 VUs, the descriptor's 200 request threads) / 0.5 s
        assertThat(cells.get(0).ceilingTps()).isCloseTo(400.0, within(0.01));
        assertThat(cells.get(0).tps()).isPositive().isLessThanOrEqualTo(1.02 * 400);
        for (CellResult cell : cells) {
            // the launch came from the descriptor: the mvc jar, told which threads to serve on by the model's args
            assertThat(run.root().resolve(cell.files().serverLog())).content()
                    .contains("loomlab server model=" + cell.label().replace("stand-in", "mvc"));
        }

        String summary = Files.readString(run.root().resolve(RunFolder.SUMMARY));
        assertThat(summary).contains("| stand-in-platform |", "| stand-in-virtual |", "the stand-in's pool on stand-in-platform");
        assertThat(Files.readString(run.root().resolve(ReportFiles.CSV))).contains(StandInStack.PLATFORM, StandInStack.VIRTUAL);
        assertThat(Files.readString(run.root().resolve(ReportFiles.HTML))).contains("\"stand-in-virtual\"");

        assertThat(Loomlab.commandLine().execute("report", run.root().toString())).isZero();
        assertThat(Files.readString(run.root().resolve(RunFolder.SUMMARY))).isEqualTo(summary);
    }
}
