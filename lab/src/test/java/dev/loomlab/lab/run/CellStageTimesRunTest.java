package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.ServerStart;
import dev.loomlab.lab.result.StageTimes.Stage;
import dev.loomlab.lab.result.StageTimes;
import dev.loomlab.lab.testing.RunFolders;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real cell (embedded database, a fresh server JVM, the Hyperfoil driver) records its stages in
 * the order they ran, and they account for the cell's wall time as the console saw it: from the
 * line that announces the cell to the line that reports its outcome, timed by this test's own clock.
 */
class CellStageTimesRunTest {
    private static final Duration WARMUP = Duration.ofSeconds(3);
    private static final Duration WINDOW = Duration.ofSeconds(5);
    /**
     * Between the cell's announcement and its start, and between its end and its outcome line, the
     * lab writes the cell's file and the manifest; the console line itself is written when it is
     * flushed. Under 0.1 s on the idle machine; a second allows for the loaded one.
     */
    private static final Duration OUTSIDE_THE_CELL = Duration.ofSeconds(1);
    /** The driver reports once a second, and the warm-up and window are cut at those reports. */
    private static final Duration REPORT_PERIOD = Duration.ofMillis(1_500);

    @Test
    void aCellRecordsItsStagesInOrderAndTheyAddUpToItsWallTime(@TempDir Path out) throws Exception {
        TimedLines console = new TimedLines();
        PrintStream before = System.out;
        int exit;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            exit = Loomlab.commandLine().execute("run", "--plan", "quick", "--models", "mvc-virtual", "--scenarios", "block",
                    "--vus", "50", "--sleep-ms", "100", "--warmup", WARMUP.toSeconds() + "s", "--duration", WINDOW.toSeconds() + "s",
                    "--heap", "512m", "--out", out.toString());
        } finally {
            System.setOut(before);
        }
        assertThat(exit).as(console.text()).isZero();
        Path runDir = RunFolders.only(out);
        CellResult cell = new RunFolder(runDir).readCells().getFirst();
        StageTimes stages = cell.stages();

        assertThat(stages.stages().keySet()).containsExactly(Stage.values());
        assertThat(stages.stages().values()).allSatisfy(d -> assertThat(d).isPositive());
        Duration seen = console.between("[1/1] mvc-virtual / block / round 1 · starting server", "limited by");
        // Each stage is written to the millisecond.
        assertThat(stages.sum()).isCloseTo(stages.wall(), Duration.ofMillis(Stage.values().length));
        assertThat(stages.wall()).isBetween(seen.minus(OUTSIDE_THE_CELL), seen);
        assertThat(stages.of(Stage.WARMUP)).isBetween(WARMUP.minus(REPORT_PERIOD), WARMUP.plus(REPORT_PERIOD));
        assertThat(stages.of(Stage.WINDOW)).isBetween(WINDOW.minus(REPORT_PERIOD), WINDOW.plus(REPORT_PERIOD));
        assertThat(Files.readString(runDir.resolve("cells/mvc-virtual/block-r1.json")).replaceAll("\\s", ""))
                .containsPattern("\"stages\":\\{\"ready\":[0-9.]+,\"verify\":[0-9.]+,\"driverStart\":[0-9.]+,\"warmup\":[0-9.]+,"
                        + "\"window\":[0-9.]+,\"drain\":[0-9.]+,\"stop\":[0-9.]+,\"judge\":[0-9.]+,\"wall\":[0-9.]+}");
        assertThat(console.text()).contains("loomlab: overhead ").contains("over 1 cell, median ");
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).contains("**Run time**: overhead ");
        // issue 41: the server's resident set at rest is read once before the load, and the cost table shows it with the
        // time to the first correct answers (ready + verify), the RSS under load and the two densities
        assertThat(cell.serverRssMbIdle()).as("RSS at rest").isPositive();
        // issue 41: and how the server started — mvc-virtual's Boot jar has a start-up cache, trained by this start or before
        assertThat(cell.serverStart()).isIn(ServerStart.CACHE, ServerStart.TRAINING);
        String firstAnswer = cell.serverStart() == ServerStart.CACHE ? "[0-9]+ \\(cache\\)" : "training \\([0-9]+\\)";
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).contains("## Cost of each model")
                .containsPattern("\\| mvc-virtual \\| block \\| 1 \\| " + firstAnswer + " \\| [0-9]+ \\| [0-9]+ \\| [0-9.]+ \\| [0-9.]+ \\|");
    }

    /** The console's lines, each with when it was written. */
    private static final class TimedLines extends OutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final List<String> lines = new ArrayList<>();
        private final List<Long> at = new ArrayList<>();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                at.add(System.nanoTime());
                line.reset();
            } else {
                line.write(b);
            }
        }

        synchronized String text() {
            return String.join("\n", lines);
        }

        /** From the first line starting with {@code from} to the first later line containing {@code to}. */
        synchronized Duration between(String from, String to) {
            int start = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (start < 0 && lines.get(i).startsWith(from)) {
                    start = i;
                } else if (start >= 0 && lines.get(i).contains(to)) {
                    return Duration.ofNanos(at.get(i) - at.get(start));
                }
            }
            throw new AssertionError("no lines from '" + from + "' to '" + to + "' in:\n" + text());
        }
    }
}
