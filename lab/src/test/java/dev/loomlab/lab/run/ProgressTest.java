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
        progress.cellStarts(2, "b");
        after(30);
        progress.phase("measuring");
        assertThat(lastEta()).isEqualTo("13m30s");
    }

    @Test
    void theTimePerCellIsThatOfTheCellsDone() {
        // the first two cells took 90 s each, not the 60 s estimated
        progress.cellStarts(1, "a");
        after(90);
        progress.cellDone("done");
        progress.cellStarts(2, "b");
        after(90);
        progress.cellDone("done");
        assertThat(lastEta()).isEqualTo("19m30s");
    }

    @Test
    void aCellRunningPastTheEstimateLeavesTheCellsAfterIt() {
        progress.cellStarts(1, "a");
        after(60);
        progress.cellDone("done");
        progress.cellStarts(2, "b");
        after(200);
        progress.phase("draining");
        assertThat(lastEta()).isEqualTo("13m00s");
    }

    @Test
    void theLastCellsEndHasNoEta() {
        Progress one = new Progress(new PrintStream(printed, true, StandardCharsets.UTF_8), 1, Duration.ofSeconds(60), now::get);
        one.cellStarts(1, "a");
        after(60);
        one.cellDone("done");
        assertThat(lastLine()).doesNotContain("ETA");
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
