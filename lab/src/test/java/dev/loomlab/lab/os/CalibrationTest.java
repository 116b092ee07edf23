package dev.loomlab.lab.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    /**
     * The figure is the reference's CPU time, as another way of timing the same work says (bash's {@code time} of
     * {@code sha256sum} reading a file, right after). Not to a few percent:
     * this machine's CPUs change speed by steps, from one minute to the next — 25 back-to-back calibrations read 0.43–0.44
     * s, then 0.26–0.30 s (1.65x) — so two timings seconds apart may straddle a step. Within 2x they hold whatever the
     * step; a figure that counted the wall time, {@code head}'s copying or minutes as seconds would not.
     */
    @Test
    void theFigureIsTheReferencesCpuTimeAsAnotherTimingOfItSays() throws Exception {
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
        Calibration calibration = Calibration.measure(cpus).orElseThrow();
        double independent = sha256CpuSeconds(cpus.server());

        assertThat(calibration.serverCpuS()).isPositive();
        assertThat(calibration.driverCpuS()).isPositive();
        assertThat(calibration.serverCpuS() / independent).as("%s against %.3f s", calibration, independent).isBetween(0.5, 2.0);
        assertThat(calibration.entries()).containsKeys("calibrationServerS", "calibrationDriverS", "calibratedAt")
                .containsEntry("calibration", Calibration.REFERENCE);
    }

    @Test
    void runsInOneProcessShareATimingOfTheSameCpusAndSayWhenItWasTaken() {
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
        Calibration first = Calibration.recent(cpus).orElseThrow();
        Calibration again = Calibration.recent(cpus).orElseThrow();
        assertThat(again).isSameAs(first);
        assertThat(again.entries().get("calibratedAt")).isEqualTo(first.at().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
    }

    /**
     * Best of three: {@code sha256sum} of the same 64 MiB read from a file (no pipe, no {@code head} beside it), timed by
     * bash's {@code time} (user + system, {@code %U %S}) rather than the calibration's {@code sh} and {@code times}.
     */
    private static double sha256CpuSeconds(String cpuList) throws Exception {
        java.nio.file.Path zeros = java.nio.file.Files.createTempFile("loomlab-calibration", ".bin");
        try {
            try (var outFile = java.nio.file.Files.newOutputStream(zeros)) {
                outFile.write(new byte[dev.loomlab.load.Protocol.CALIBRATION_MIB << 20]);
            }
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < dev.loomlab.load.Protocol.CALIBRATION_TRIES; i++) {
                String script = "TIMEFORMAT='%U %S'; time (taskset -c " + cpuList + " sha256sum < " + zeros + " > /dev/null)";
                Process p = new ProcessBuilder(List.of("bash", "-c", script)).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                assertThat(p.waitFor()).as(out).isZero();
                String[] times = out.lines().reduce((a, b) -> b).orElseThrow().trim().split("\\s+");
                best = Math.min(best, Double.parseDouble(times[0]) + Double.parseDouble(times[1]));
            }
            return best;
        } finally {
            java.nio.file.Files.deleteIfExists(zeros);
        }
    }
}
