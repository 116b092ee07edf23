package dev.loomlab.driver;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Samples this JVM's process CPU time (user + system, all threads) against the wall clock, so
 * that the CPU used during any wall-clock window can be read back afterwards, linearly
 * interpolated between the samples (taken about once a second).
 */
final class CpuSampler {
    private record Sample(long epochMs, long cpuNanos) {
    }

    private final List<Sample> samples = new ArrayList<>();
    private final com.sun.management.OperatingSystemMXBean os = osBean();

    private static com.sun.management.OperatingSystemMXBean osBean() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean b ? b : null;
    }

    static long processCpuNanos() {
        com.sun.management.OperatingSystemMXBean b = osBean();
        return b == null ? -1 : b.getProcessCpuTime();
    }

    synchronized void sample() {
        if (os == null) {
            return;
        }
        long cpu = os.getProcessCpuTime();
        if (cpu >= 0) {
            samples.add(new Sample(System.currentTimeMillis(), cpu));
        }
    }

    /** CPU seconds used between the two instants, or -1 when unknown. */
    synchronized double cpuSecondsBetween(long fromEpochMs, long toEpochMs) {
        double from = cpuNanosAt(fromEpochMs);
        double to = cpuNanosAt(toEpochMs);
        if (from < 0 || to < 0) {
            return -1;
        }
        return Math.max(0, to - from) / 1e9;
    }

    private double cpuNanosAt(long epochMs) {
        if (samples.isEmpty()) {
            return -1;
        }
        Sample prev = null;
        for (Sample s : samples) {
            if (s.epochMs() >= epochMs) {
                if (prev == null || s.epochMs() == prev.epochMs()) {
                    return s.cpuNanos();
                }
                double f = (double) (epochMs - prev.epochMs()) / (s.epochMs() - prev.epochMs());
                return prev.cpuNanos() + f * (s.cpuNanos() - prev.cpuNanos());
            }
            prev = s;
        }
        return prev.cpuNanos();
    }
}
