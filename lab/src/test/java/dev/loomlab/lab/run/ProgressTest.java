package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The ETA of a run whose cells take a known time each, read from the progress lines it prints. */
class ProgressTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    // 15 cells estimated at 60 s each before any has run
    private final Progress progress = new Progress(new PrintStream(printed, true, StandardCharsets.UTF_8), 15, Duration.ofSeconds(60),
            now::get);

    @Test
    void theEtaCountsDownThroughACellInsteadOfRisingWithIt() {
        progress.cellStarts(1, "a");
        assertThat(lastEta()).isEqualTo("15m00s");
        after(30);
        progress.phase("measuring");
        assertThat(lastEta()).isEqualTo("14m30s");
        after(30);
        progress.cellDone("done");
        assertThat(lastEta()).isEqualTo("14m00s");
        cellInPhase(progress, 2, "b", 30, "measuring");
        assertThat(lastEta()).isEqualTo("13m30s");
    }

    @Test
    void theTimePerCellIsThatOfTheCellsDone() {
        // the first two cells took 90 s each, not the 60 s estimated
        runCell(progress, 1, "a", 90);
        runCell(progress, 2, "b", 90);
        assertThat(lastEta()).isEqualTo("19m30s");
    }

    @Test
    void aCellRunningPastTheEstimateLeavesTheCellsAfterIt() {
        runCell(progress, 1, "a", 60);
        cellInPhase(progress, 2, "b", 200, "draining");
        assertThat(lastEta()).isEqualTo("13m00s");
    }

    @Test
    void theLastCellsEndHasNoEta() {
        Progress one = new Progress(new PrintStream(printed, true, StandardCharsets.UTF_8), 1, Duration.ofSeconds(60), now::get);
        runCell(one, 1, "a", 60);
        assertThat(lastLine()).doesNotContain("ETA");
    }

    /** Cell {@code index} of {@code run} starts, takes {@code seconds} and is done. */
    private void runCell(Progress run, int index, String name, int seconds) {
        run.cellStarts(index, name);
        after(seconds);
        run.cellDone("done");
    }

    /** Cell {@code index} of {@code run} starts and, {@code seconds} later, reports {@code phase}. */
    private void cellInPhase(Progress run, int index, String name, int seconds, String phase) {
        run.cellStarts(index, name);
        after(seconds);
        run.phase(phase);
    }

    private void after(int seconds) {
        now.addAndGet(Duration.ofSeconds(seconds).toNanos());
    }

    private String lastLine() {
        String[] lines = printed.toString(StandardCharsets.UTF_8).split("\n");
        return lines[lines.length - 1];
    }

    private String lastEta() {
        String line = lastLine();
        assertThat(line).contains("ETA ~");
        return line.substring(line.indexOf("ETA ~") + 5).strip();
    }
}
