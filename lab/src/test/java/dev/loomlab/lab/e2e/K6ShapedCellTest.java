package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.lab.testing.MachineSpeed;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real shaped cells driven by k6 on mvc-platform's {@code block} at one second a request, a known answer by Little's law:
 * each closed VU completes one request a second, so a second's 2xx are the VUs of the second before (below the 200
 * Tomcat threads that would cap them).
 */
class K6ShapedCellTest {
    private static final long WARMUP_S = MachineSpeed.scaled(Duration.ofSeconds(4)).toSeconds();
    private static final int VUS = 40;

    @Test
    void aSpikeOnK6RecordsItsStepAndItsRecoveryTime(@TempDir Path out) {
        MachineSpeed.assumeAtMost(1.5, "k6 and a server at 80 VUs in step with a one-second sleep");
        RunFolder run = InProcessLab.run(out, "--plan", "quick", "--engine", "k6", "--models", "mvc-platform", "--scenarios", "block",
                "--sleep-ms", "1000", "--vus", String.valueOf(VUS), "--warmup", WARMUP_S + "s", "--duration", "25s",
                "--shape", "spike 2x for 5s at 10s");

        CellResult cell = ShapedCells.only(run);
        ShapeFigures.Spike spike = (ShapeFigures.Spike) cell.shapeFigures();
        assertThat(spike.atS()).isEqualTo(10);
        assertThat(spike.lengthS()).isEqualTo(5);
        assertThat(spike.errorsDuring()).isZero();
        assertThat(spike.recoveryS()).as("the p99 came back before the window ended: %s", spike).isNotNull();
        // each second's p99 is of the requests themselves: a one-second sleep at least
        assertThat(spike.baselineP99Ms()).isGreaterThanOrEqualTo(1000.0);
        // 40 VUs complete 40 a second; the 40 more of the step start at its first second and complete from its second on:
        // 5 × 40 + 4 × 40 in the step. A second's count may take a neighbour's requests where their completions straddle
        // its edge: one second's worth either way.
        List<Long> ok = cell.okPerSecond();
        System.out.println("k6 shaped: " + spike + " ok/s " + ok + " p50 " + cell.p50Ms() + " p99 " + cell.p99Ms());
        long before = ok.subList(0, 10).stream().mapToLong(Long::longValue).sum();
        assertThat(before).as("ok per second before the step: %s", ok).isBetween(9L * VUS, 11L * VUS);
        assertThat(spike.requestsDuring()).as("the step: %s, ok per second %s", spike, ok).isBetween(8L * VUS, 10L * VUS);
    }

    @Test
    void aRampOnK6RaisesItsUsersOneLevelASecond(@TempDir Path out) {
        MachineSpeed.assumeAtMost(1.5, "k6 and a server at 50 VUs in step with a one-second sleep");
        Ramp ramp = new Ramp(10, Duration.ofSeconds(10));
        RunFolder run = InProcessLab.run(out, "--plan", "quick", "--engine", "k6", "--models", "mvc-platform", "--scenarios", "block",
                "--sleep-ms", "1000", "--vus", "50", "--warmup", WARMUP_S + "s", "--duration", "20s", "--shape", ramp.spelling());

        CellResult cell = ShapedCells.only(run);
        List<Long> ok = cell.okPerSecond();
        System.out.println("k6 ramped cell: ok/s " + ok + " p50 " + cell.p50Ms() + " p99 " + cell.p99Ms());
        assertThat(ok).hasSize(20);
        // a user added at second s completes its first request in second s + 1: each second's answers are the users of the
        // second before, 10, 14, 18, … 50 (Ramp#vusAt), give or take one second's worth where completions straddle an edge
        long expected = 0;
        for (int s = 1; s < 20; s++) {
            expected += ramp.vusAt(s - 1, new Workload.Closed(50));
        }
        long answered = ok.subList(1, 20).stream().mapToLong(Long::longValue).sum();
        assertThat(answered).as("ok per second %s", ok).isBetween(expected - 50, expected + 50);
        assertThat(ok.get(2)).isLessThan(ok.get(6));
        assertThat(ok.get(6)).isLessThan(ok.get(11));
        assertThat(cell.p99Ms()).as("one-second requests below the threads' cap").isLessThan(2 * 1000.0);
        // 50 users stay under the 200 threads: the throughput rose with the load to the top, and the ramp's figures say so
        ShapeFigures.Ramp figures = (ShapeFigures.Ramp) cell.shapeFigures();
        assertThat(figures.seconds()).hasSize(20);
        assertThat(figures.kneeVus()).as("%s", figures).isNull();
        // each user answers at most once a second, give or take the one request that straddles the plateau's edge
        assertThat(figures.plateauTps()).as("%s", figures).isBetween(45.0, 50.0 + 50.0 / 9);
    }
}
