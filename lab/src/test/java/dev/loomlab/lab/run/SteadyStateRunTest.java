package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.e2e.InProcessLab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Fact;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.Steadiness;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real cells, a real server and database: the warm-up lasts until the load has settled, and what has not is said. */
class SteadyStateRunTest {

    @Test
    void aCellWhoseWarmUpIsCutBeforeItsLoadCouldSettleIsMarkedAndNotJudgedAgainstItsCeiling(@TempDir Path out) throws Exception {
        // A cap of 6 s: the settling rule judges the last 8 s of completions, so no load can be found settled by then.
        RunFolder run = InProcessLab.run(out, "--plan", "quick", "--models", "mvc-virtual", "--scenarios", "thread-name",
                "--vus", "20", "--warmup-max", "6s", "--duration", "4s", "--heap", "256m", "--label", "cut short");

        CellResult cell = run.readCells().getFirst();
        // the machine was calibrated before the first cell, and the run says how fast its CPUs were
        assertThat(run.readManifest().machine()).containsKeys("calibrationServerS", "calibrationDriverS", "calibration");
        // and it keeps the user's words for what it measured, by which a history names it
        assertThat(run.readManifest().versions()).containsEntry("label", "cut short");
        assertThat(cell.steady().state()).isEqualTo(Steadiness.State.NOT_SETTLED);
        assertThat(cell.steady().warmupEnded()).isEqualTo("cap");
        assertThat(cell.steady().why()).startsWith("its warm-up reached its cap of 6 s before the load settled");
        assertThat(cell.warmupS()).isEqualTo(6.0);
        assertThat(cell.limitedBy()).isEqualTo("not-settled");
        assertThat(cell.limitNote()).contains("not judged against its ceiling");
        assertThat(cell.findings()).extracting(Fact::rule).contains("steady-state");
        // no sleep, so Little's law gives no ceiling: the CPU's does (cores / CPU per request), from the CPU per request
        // measured at low load where that figure describes the window's load (within 1.5x of the window's own), from the
        // window's own otherwise
        double lowLoadMs = cell.metrics().get("cpuPerRequestLowLoadMs");
        double windowMs = 1000 * cell.serverCpuCores() / cell.tps();
        // Under load a server batches (one wake-up, many requests) and a JIT keeps compiling: the two agree within a
        // factor of ten, not to the digit.
        assertThat(lowLoadMs).as("low load %.3f ms, window %.3f ms", lowLoadMs, windowMs).isBetween(windowMs / 10, windowMs * 10);
        assertThat(cell.ceilingFormula()).containsPattern("^[0-9]+ cores? / [0-9.]+ ms CPU per request ").contains("utilization law");
        if (lowLoadMs <= 1.5 * windowMs && windowMs <= 1.5 * lowLoadMs) {
            assertThat(cell.ceilingFormula()).contains("ms CPU per request at low load");
        } else {
            assertThat(cell.ceilingFormula()).contains("ms CPU per request in the window");
            // the window's own demand: the cell reads its server's share of its cores
            int cores = Integer.parseInt(cell.ceilingFormula().split(" ")[0]);
            assertThat(cell.ceilingRatio()).isCloseTo(cell.serverCpuCores() / cores, org.assertj.core.api.Assertions.within(0.01));
        }
    }

    @Test
    void cellsThatSettleBeginTheirWindowThenAndOneAtItsPoolCeilingNeverReadsAboveIt(@TempDir Path out) throws Exception {
        // block: 20 users on 100 ms sleeps answer 200 a second from the first second; slow-query: 20 users behind a pool of
        // 5 connections each held 200 ms, 25 a second at most, answered in waves of 5.
        RunFolder run = InProcessLab.run(out, "--plan", "quick", "--models", "mvc-platform", "--scenarios", "block,slow-query",
                "--vus", "20", "--sleep-ms", "200", "--pool-size", "5", "--warmup-max", "30s", "--duration", "5s", "--heap", "256m");

        List<CellResult> cells = run.readCells();
        assertThat(cells).hasSize(2).allSatisfy(c -> {
            assertThat(c.steady().state()).as(c.scenario() + ": " + c.steady()).isEqualTo(Steadiness.State.SETTLED);
            assertThat(c.steady().warmupEnded()).isEqualTo("settled");
            // never before 8 s (the rule's span), and a flat load well before the cap
            assertThat(c.warmupS()).as(c.scenario()).isBetween(8.0, 29.0);
            // the driver watched the server's JIT compiler, and the window began once it was quiet
            assertThat(c.steady().compiler()).as(c.scenario()).isNotNull().satisfies(jit -> assertThat(jit.quiet()).as("%s", jit).isTrue());
        });
        CellResult pool = cells.stream().filter(c -> c.scenario().equals("slow-query")).findFirst().orElseThrow();
        assertThat(pool.ceilingTps()).isEqualTo(25.0);
        assertThat(pool.ceilingRatio()).as(pool.limitNote()).isLessThanOrEqualTo(1.005);
        assertThat(pool.limitedBy()).as(pool.limitNote()).isNotEqualTo("anomaly");
    }
}
