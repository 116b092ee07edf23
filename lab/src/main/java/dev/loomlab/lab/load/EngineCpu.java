package dev.loomlab.lab.load;

import dev.loomlab.load.CpuTimeline;
import java.time.Duration;
import java.util.Optional;

/**
 * The CPU an engine process used (user + system, all its threads), sampled from outside: the
 * process's {@code /proc/PID/stat} through {@link ProcessHandle.Info#totalCpuDuration()} (10 ms
 * resolution) about ten times a second, against the wall clock. The CPU of any wall-clock window
 * is read back afterwards from a {@link CpuTimeline}, linearly interpolated between samples, so native engines (k6, wrk) are
 * accounted over the same measured window as the Hyperfoil driver, which samples itself.
 *
 * <p>Sampling rather than a shell's {@code times}: {@code times} gives the whole run (warm-up,
 * start-up, k6's VU initialisation and graceful stop included), which would not compare with
 * Hyperfoil's window-only figure.
 */
public final class EngineCpu implements AutoCloseable {
    static final Duration EVERY = Duration.ofMillis(100);

    private final ProcessHandle process;
    private final CpuTimeline timeline = new CpuTimeline();
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
            timeline.sampleNow(cpu.get().toNanos());
        }
    }

    /** CPU seconds used between two wall-clock instants (epoch ms), or -1 when not sampled. */
    public double cpuSecondsBetween(long fromEpochMs, long toEpochMs) {
        return timeline.cpuSecondsBetween(fromEpochMs, toEpochMs);
    }

    /** CPU seconds of the whole run as last seen (the final samples before the process exited). */
    public double totalSeconds() {
        return timeline.lastSeconds();
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
