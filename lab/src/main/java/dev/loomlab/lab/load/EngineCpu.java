package dev.loomlab.lab.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The CPU an engine process used (user + system, all its threads), sampled from outside: the
 * process's {@code /proc/PID/stat} through {@link ProcessHandle.Info#totalCpuDuration()} (10 ms
 * resolution) about ten times a second, against the wall clock. The CPU of any wall-clock window
 * is read back afterwards, linearly interpolated between samples, so native engines (k6, wrk) are
 * accounted over the same measured window as the Hyperfoil driver, which samples itself.
 *
 * <p>Sampling rather than a shell's {@code times}: {@code times} gives the whole run (warm-up,
 * start-up, k6's VU initialisation and graceful stop included), which would not compare with
 * Hyperfoil's window-only figure.
 */
public final class EngineCpu implements AutoCloseable {
    static final Duration EVERY = Duration.ofMillis(100);

    private record Sample(long epochMs, long cpuNanos) {
    }

    private final ProcessHandle process;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean stopped;

    private EngineCpu(ProcessHandle process) {
        this.process = process;
        this.sampler = Thread.ofPlatform().daemon().name("loomlab-engine-cpu-" + process.pid()).unstarted(this::loop);
    }

    /** Starts sampling {@code process} until it exits or {@link #close()} is called. */
    public static EngineCpu sample(ProcessHandle process) {
        EngineCpu cpu = new EngineCpu(process);
        cpu.sampleNow();
        cpu.sampler.start();
        return cpu;
    }

    private void loop() {
        while (!stopped && process.isAlive()) {
            sampleNow();
            try {
                Thread.sleep(EVERY);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sampleNow() {
        Optional<Duration> cpu = process.info().totalCpuDuration();
        if (cpu.isPresent() && process.isAlive()) {
            synchronized (samples) {
                samples.add(new Sample(System.currentTimeMillis(), cpu.get().toNanos()));
            }
        }
    }

    /** CPU seconds used between two wall-clock instants (epoch ms), or -1 when not sampled. */
    public double cpuSecondsBetween(long fromEpochMs, long toEpochMs) {
        synchronized (samples) {
            double from = cpuNanosAt(fromEpochMs);
            double to = cpuNanosAt(toEpochMs);
            return from < 0 || to < 0 ? -1 : Math.max(0, to - from) / 1e9;
        }
    }

    /** CPU seconds of the whole run as last seen (the final samples before the process exited). */
    public double totalSeconds() {
        synchronized (samples) {
            return samples.isEmpty() ? -1 : samples.getLast().cpuNanos() / 1e9;
        }
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

    @Override
    public void close() {
        stopped = true;
        sampler.interrupt();
        try {
            sampler.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
