package dev.loomlab.lab.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    @Test
    void theReferenceRepeatsOnOneMachineWithinItsStatedNoise() {
        CpuLayout cpus = CpuLayout.forCores(Taskset.machineCores(), Taskset.available());
        Calibration first = Calibration.measure(cpus).orElseThrow();
        Calibration second = Calibration.measure(cpus).orElseThrow();
        // 64 MiB of SHA-256: about 0.45 s of CPU on this machine kind, a quarter of that on one 4x faster
        assertThat(first.serverCpuS()).isBetween(0.02, 30.0);
        assertThat(first.driverCpuS()).isBetween(0.02, 30.0);
        assertThat(Math.abs(second.serverCpuS() - first.serverCpuS()) / first.serverCpuS())
                .as("%s then %s", first, second).isLessThanOrEqualTo(Calibration.SAME_MACHINE);
        assertThat(first.entries()).containsKeys("calibrationServerS", "calibrationDriverS", "calibratedAt")
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
}
