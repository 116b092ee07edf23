package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.MachineSpeed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real, short run: embedded PostgreSQL, fresh server JVMs, the Hyperfoil driver in its own
 * JVM, real HTTP on loopback. Small enough for the default suite, large enough to show the
 * seeds' first finding: 200 platform threads cap a sleeping endpoint at 200 / S.
 */
class RunEndToEndTest {
    /**
     * Under a quarter of every core ({@code --slow 4}, 4.1x by the reference) server, driver and database shared half a
     * core: the virtual cell read 82 TPS of 600 with a 95 % interval of ± 106 %, a figure no verdict can judge. At half
     * a core per core (2.0x) it was carrier-bound at 262 TPS, as the test expects.
     */
    private static final double SLOWEST_FOR_THE_COMPARISON = 2.5;
    /** 3 s settle a fresh server's JIT on the reference machine; a slower one needs as much longer. */
    private static final long WARMUP_S = MachineSpeed.scaled(Duration.ofSeconds(3)).toSeconds();

    @Test
    void aShortRunWritesTheTableAndPlatformThreadsSitAtTheirCeiling(@TempDir Path out) throws Exception {
        RunFolder run = InProcessLab.run(out, "--plan", "quick",
                "--order", "fixed", "--models", "mvc-platform,mvc-virtual", "--scenarios", "block",
                "--vus", "300", "--sleep-ms", "500", "--warmup", WARMUP_S + "s", "--duration", "5s", "--heap", "512m");

        Path runDir = run.root();
        List<CellResult> cells = run.readCells();
        assertThat(cells).extracting(c -> c.label() + "/" + c.scenario() + "/r" + c.round())
                .containsExactly("mvc-platform/block/r1", "mvc-virtual/block/r1");
        assertThat(cells).allMatch(CellResult::succeeded);

        CellResult platform = cells.get(0);
        // min(300 VUs, 200 threads) / 0.5 s = 400 TPS
        assertThat(platform.ceilingTps()).isCloseTo(400.0, within(0.01));
        // Never above the ceiling (2 % for rounding). How close below it depends on what else this 2-core machine runs
        // (other builds took a loaded 60 s cell to 96 % of its ceiling): so no fixed share. At the ceiling the verdict
        // names the threads; below it, whatever measured resource it names, never the load itself.
        assertThat(platform.tps()).isPositive().isLessThanOrEqualTo(1.02 * 400);
        if (Verdict.atCeiling(platform.ceilingRatio())) {
            assertThat(platform.limitedBy()).as(platform.limitNote()).isEqualTo("threads");
        } else {
            assertThat(platform.limitedBy()).as(platform.limitNote()).isNotIn("vus", "threads");
        }
        // 300 users on 200 threads: 100 always wait for a thread, so the mean response time, which Little's law gives
        // from the measured TPS (300 / TPS, 750 ms at the ceiling), is well above the 500 ms service time. How the wait
        // spreads depends on timing: in waves, some answered at once (~500 ms) and the rest after a whole service time
        // (~1000 ms); once the waves smear, every request waits ~250 ms (~750 ms). Either way the median is at most twice
        // the mean and the tail is at least the mean (10 % for histogram buckets); without a queue both would sit at 500 ms.
        double meanMs = 300 * 1000 / platform.tps();
        assertThat(platform.p50Ms()).isGreaterThanOrEqualTo(490.0).isLessThanOrEqualTo(2 * meanMs);
        assertThat(platform.p99Ms()).isGreaterThan(0.9 * meanMs);

        CellResult virtual = cells.get(1);
        // 300 VUs / 0.5 s = 600 TPS: no thread pool in the way. Where the server's CPU per request measured at low load
        // gives a lower ceiling (the utilization law), that one binds and its formula says so: a fresh clone on this
        // machine's slow CPU step read 2.47 ms at low load, a ceiling of 404.3 TPS.
        if (virtual.ceilingTps() < 600.0 - 0.01) {
            assertThat(virtual.ceilingFormula()).as("the ceiling below Little's law's 600").containsPattern("[0-9]+ cores? / [0-9.]+ ms CPU per request at low load");
        } else {
            assertThat(virtual.ceilingTps()).isCloseTo(600.0, within(0.01));
        }
        // Without 200 threads in the way, virtual threads beat the platform cell's 400 by well over 1.2x on a machine
        // with CPU to spare. On one 4x slower the server's one core ran out first (379 TPS seen): then the verdict must
        // name the CPU that ran out (the server's, its carriers', or the driver's) rather than the threads.
        MachineSpeed.assumeAtMost(SLOWEST_FOR_THE_COMPARISON, "virtual threads' 600 TPS beside platform threads' 400");
        if (Set.of("cpu", "carriers", "driver", "driver-core").contains(virtual.limitedBy())) {
            assertThat(virtual.limitNote()).containsPattern("[0-9.]+ of (its )?[0-9]+ cores?|[0-9]+ % busy|carriers of [0-9]+ cores?");
        } else {
            assertThat(virtual.tps()).as(virtual.limitedBy() + ": " + virtual.limitNote()).isGreaterThan(platform.tps() * 1.2);
        }

        for (CellResult cell : cells) {
            assertThat(runDir.resolve(cell.files().hlog())).isNotEmptyFile();
            assertThat(runDir.resolve(cell.files().serverLog())).content().contains("loomlab server model=" + cell.label());
            assertThat(cell.cpus()).containsKeys("server", "driver", "database");
        }

        Manifest manifest = run.readManifest();
        assertThat(manifest.status()).isEqualTo("complete");
        assertThat(manifest.cells()).containsExactly("mvc-platform/block-r1", "mvc-virtual/block-r1");
        assertThat(manifest.database()).contains("PostgreSQL");

        String summary = Files.readString(runDir.resolve(RunFolder.SUMMARY));
        assertThat(summary).contains("## block").contains("| mvc-platform |").contains("| mvc-virtual |");
        // The summary opens with the answer. Platform threads held at their 200 threads' 400 TPS, and virtual threads'
        // whole interval beyond it, decide the pick on one round by the ceiling alone; on one round nothing less does.
        boolean decided = cells.stream().allMatch(c -> c.steady() != null && c.steady().settled())
                && Verdict.atCeiling(platform.ceilingRatio()) && "threads".equals(platform.limitedBy())
                && virtual.tps() - (virtual.tpsHalfWidth() == null ? 0 : virtual.tpsHalfWidth()) > 1.02 * platform.ceilingTps();
        assertThat(summary).contains(decided ? "**block** — Pick mvc-virtual" : "**block** — No pick");
        // Each cell ran alone, and the provenance says so (the manifest's plan records overlap: none).
        assertThat(manifest.plan().overlap()).isEqualTo("none");
        assertThat(summary).contains("none: each cell's window and drain ran beside nothing but its own server, driver and database");
        // Beside it, the same run as CSV rows and as one page whose latency curves come from the real .hlog files.
        assertThat(Files.readAllLines(runDir.resolve(ReportFiles.CSV))).hasSize(3);
        assertThat(Files.readString(runDir.resolve(ReportFiles.HTML))).contains("\"percentiles\" : [ 0.0, 10.0");

        // The report is rebuilt from the raw files alone, and equals what the run wrote.
        assertThat(Loomlab.commandLine().execute("report", runDir.toString())).isZero();
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).isEqualTo(summary);
    }
}
