package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuTimelineTest {

    @Test
    void aWindowBetweenSamplesIsReadOnTheLineJoiningThem() {
        CpuTimeline cpu = new CpuTimeline();
        cpu.add(1_000, 0);
        cpu.add(2_000, 1_000_000_000);
        cpu.add(3_000, 1_500_000_000);

        assertThat(cpu.cpuSecondsBetween(1_500, 2_500)).isEqualTo(0.75);
        // Outside the samples the nearest one holds: the window before the first sample used nothing.
        assertThat(cpu.cpuSecondsBetween(0, 1_000)).isZero();
        assertThat(cpu.cpuSecondsBetween(2_000, 9_000)).isEqualTo(0.5);
        assertThat(cpu.lastSeconds()).isEqualTo(1.5);
    }

    @Test
    void nothingSampledIsUnknown() {
        CpuTimeline cpu = new CpuTimeline();
        assertThat(cpu.cpuSecondsBetween(0, 1_000)).isEqualTo(-1);
        assertThat(cpu.lastSeconds()).isEqualTo(-1);
    }
}
