package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.os.Taskset;
import org.junit.jupiter.api.Test;

class MachineCpuTest {

    @Test
    void busyCoresComeFromProcStatsCpuLine() {
        // Linux's aggregate line: user nice system idle iowait irq softirq steal guest guest_nice.
        MachineCpu before = MachineCpu.parse("cpu  1000 0 500 8000 100 0 0 0 0 0", 2);
        MachineCpu after = MachineCpu.parse("cpu  1150 0 550 8190 110 0 0 0 0 0", 2);
        // 200 busy ticks of 400: half of the 2 CPUs.
        assertThat(after.busyCoresSince(before)).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void thisMachineHasAProcStat() throws Exception {
        MachineCpu a = MachineCpu.now().orElseThrow();
        long end = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < end) {
            Math.sqrt(System.nanoTime()); // keep one core busy
        }
        MachineCpu b = MachineCpu.now().orElseThrow();
        assertThat(a.cpus()).isGreaterThanOrEqualTo(Taskset.machineCores());
        // One thread spinning is one core's worth of work; under ./loomlab test --slow 4 the suite's whole quota is half a
        // core, so the floor is below that. A wrong unit (jiffies, per cent) would read far above the cores.
        assertThat(b.busyCoresSince(a)).isBetween(0.3, (double) a.cpus());
    }
}
