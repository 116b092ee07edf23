package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The window's CPU figures are the processes' CPU time over exactly the window divided by its wall time, checked
 * against the kernel's own counters ({@code /proc/PID/stat}, read by this test) around a window of 3.5 s — not a whole
 * number of the sampler's 1-second rows, so a mean of rows would weigh a partial row like a whole one.
 */
class SamplerWindowCpuTest {
    /** Clock ticks per second of /proc/PID/stat's utime and stime (USER_HZ: 100 on Linux). */
    private static final double TICKS_PER_S = 100;
    /** Two reads of 10 ms ticks each and a few ms between the test's reads and the sampler's, over 3.5 s. */
    private static final double TOLERANCE_CORES = 0.02;

    private final List<Process> burners = new ArrayList<>();

    @AfterEach
    void stopBurners() throws InterruptedException {
        for (Process p : burners) {
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void theServersAndEveryDriversCpuAreTimeWeightedOverExactlyTheWindow() throws Exception {
        Process server = burn();
        Process driver1 = burn();
        Process driver2 = burn();
        Sampler sampler = new Sampler(server.pid(), null, -1);
        sampler.driverPid(driver1.pid());
        sampler.driverPid(driver2.pid());
        sampler.start();
        Thread.sleep(1_300);

        long[] before = {ticks(server), ticks(driver1), ticks(driver2)};
        long t0 = System.nanoTime();
        sampler.openWindow();
        Thread.sleep(3_500);
        List<SeriesRow> rows = sampler.stop();
        long t1 = System.nanoTime();
        long[] after = {ticks(server), ticks(driver1), ticks(driver2)};
        double wallS = (t1 - t0) / 1e9;

        Map<String, Double> totals = sampler.windowTotals();
        double serverCores = (after[0] - before[0]) / TICKS_PER_S / wallS;
        double driverCores = (after[1] - before[1] + after[2] - before[2]) / TICKS_PER_S / wallS;
        System.out.printf("window %.3f s, %d rows: server %.3f cores (proc %.3f), drivers %.3f cores (proc %.3f)%n", wallS, rows.size(),
                totals.get("serverCpuCoresMean"), serverCores, totals.get("driverCpuCoresMean"), driverCores);
        // One row a second from the window's baseline, which the sampler's timer takes when it gets to it: 3 whole rows in
        // 3.5 s on a quiet machine, a fourth where the test's own sleep overran (4 in a 3.7 s window beside two suites).
        assertThat(rows).as("one row per whole second of a %.3f s window", wallS).hasSizeBetween(3, (int) Math.ceil(wallS));
        assertThat(serverCores).as("the burner got some CPU").isGreaterThan(0.02);
        assertThat(totals.get("serverCpuCoresMean")).isCloseTo(serverCores, within(TOLERANCE_CORES));
        assertThat(totals.get("driverCpuCoresMean")).as("both drivers, summed").isCloseTo(driverCores, within(2 * TOLERANCE_CORES));
        assertThat(totals).doesNotContainKey("dbCpuCoresMean");
    }

    @Test
    void aProcessThatIsNeitherTheCellsNorTheLabsShowsAsTheRestOfTheMachine() throws Exception {
        Process server = burn();
        Process stranger = burn();
        Sampler sampler = new Sampler(server.pid(), null, -1);
        sampler.start();
        Thread.sleep(1_300);

        long before = ticks(stranger);
        long t0 = System.nanoTime();
        sampler.openWindow();
        Thread.sleep(3_500);
        sampler.stop();
        long t1 = System.nanoTime();
        double strangerCores = (ticks(stranger) - before) / TICKS_PER_S / ((t1 - t0) / 1e9);

        Map<String, Double> totals = sampler.windowTotals();
        System.out.printf("stranger %.3f cores (proc), rest of the machine %.3f, server %.3f, lab %.3f%n", strangerCores,
                totals.get("otherCpuCoresMean"), totals.get("serverCpuCoresMean"), totals.get("labCpuCoresMean"));
        assertThat(strangerCores).as("the stranger got some CPU").isGreaterThan(0.02);
        // At least the stranger: whatever else ran on this machine only adds to it. The tolerance is /proc/stat's ticks
        // (two reads, every CPU) and the three processes' own.
        assertThat(totals.get("otherCpuCoresMean")).isGreaterThanOrEqualTo(strangerCores - 3 * TOLERANCE_CORES);
        assertThat(totals.get("labCpuCoresMean")).as("this JVM: the lab").isNotNull();
        // the whole machine's, read at the same edges (a crosscheck's figure): the server and the stranger at least
        assertThat(sampler.windowMachineCores()).isPresent();
        assertThat(sampler.windowMachineCores().getAsDouble())
                .isGreaterThanOrEqualTo(totals.get("serverCpuCoresMean") + strangerCores - 3 * TOLERANCE_CORES);
    }

    /** A process that spins on one core for as long as the test keeps it. */
    private Process burn() throws IOException {
        Process p = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        burners.add(p);
        return p;
    }

    /** utime + stime of the process, in clock ticks, from the kernel's own line. */
    private static long ticks(Process p) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // after "pid (comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12 here
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
