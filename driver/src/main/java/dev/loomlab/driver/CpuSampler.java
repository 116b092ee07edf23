package dev.loomlab.driver;

import dev.loomlab.load.CpuTimeline;
import java.lang.management.ManagementFactory;

/**
 * Samples this JVM's process CPU time (user + system, all threads) against the wall clock, so
 * that the CPU used during any wall-clock window can be read back afterwards, linearly
 * interpolated between the samples (taken about once a second) by {@link CpuTimeline}.
 */
final class CpuSampler {
    private final CpuTimeline timeline = new CpuTimeline();
    // qualified: com.sun.management's extension of the java.lang.management interface of the same name,
    // which is what ManagementFactory.getOperatingSystemMXBean() is declared to return
    private final com.sun.management.OperatingSystemMXBean os = osBean();

    private static com.sun.management.OperatingSystemMXBean osBean() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean b ? b : null;
    }

    static long processCpuNanos() {
        com.sun.management.OperatingSystemMXBean b = osBean();
        return b == null ? -1 : b.getProcessCpuTime();
    }

    void sample() {
        if (os == null) {
            return;
        }
        long cpu = os.getProcessCpuTime();
        if (cpu >= 0) {
            timeline.sampleNow(cpu);
        }
    }

    /** CPU seconds used between the two instants, or -1 when unknown. */
    double cpuSecondsBetween(long fromEpochMs, long toEpochMs) {
        return timeline.cpuSecondsBetween(fromEpochMs, toEpochMs);
    }
}
