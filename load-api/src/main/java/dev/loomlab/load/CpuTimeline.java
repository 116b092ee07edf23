package dev.loomlab.load;

import java.util.ArrayList;
import java.util.List;

/**
 * A load driver's CPU time (user + system, all threads, ns) sampled against the wall clock, so that the CPU it used
 * in any wall-clock window — the measured one — can be read back afterwards, linearly interpolated between the
 * samples. The Hyperfoil driver samples itself into one; the lab samples a native engine (k6, wrk) from outside into
 * another, so both engines' {@code driverCpuS} cover the same window the same way.
 */
public final class CpuTimeline {
    private record Sample(long epochMs, long cpuNanos) {
    }

    private final List<Sample> samples = new ArrayList<>();

    /** Records {@code cpuNanos} as the CPU time used by now. */
    public synchronized void sampleNow(long cpuNanos) {
        add(System.currentTimeMillis(), cpuNanos);
    }

    /** Records {@code cpuNanos} as the CPU time used by {@code epochMs} (a sample taken elsewhere: a load agent's own). */
    public synchronized void sampleAt(long epochMs, long cpuNanos) {
        add(epochMs, cpuNanos);
    }

    synchronized void add(long epochMs, long cpuNanos) {
        samples.add(new Sample(epochMs, cpuNanos));
    }

    /** CPU seconds used between two wall-clock instants (epoch ms), or -1 when nothing was sampled. */
    public synchronized double cpuSecondsBetween(long fromEpochMs, long toEpochMs) {
        double from = cpuNanosAt(fromEpochMs);
        double to = cpuNanosAt(toEpochMs);
        return from < 0 || to < 0 ? -1 : Math.max(0, to - from) / 1e9;
    }

    /** CPU seconds as of the last sample, or -1 when nothing was sampled. */
    public synchronized double lastSeconds() {
        return samples.isEmpty() ? -1 : samples.getLast().cpuNanos() / 1e9;
    }

    /** Before the first sample: the first; after the last: the last; between two: on the straight line joining them. */
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
