package dev.loomlab.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seed 002's test: start 1,000,000 no-op virtual threads vs 100,000 platform threads, and join
 * them all. One shot per iteration (the figure is the whole batch, as the seed timed it); the
 * per-thread cost is the score divided by the count. Platform threads are started and joined in
 * batches only by the OS's limits: here all at once, like the seed.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class ThreadStartBenchmark {
    public static final int VIRTUAL = 1_000_000;
    public static final int PLATFORM = 100_000;

    private static final Runnable NOOP = () -> { };

    @Benchmark
    public void virtual1M() throws InterruptedException {
        startAndJoin(Thread.ofVirtual(), VIRTUAL);
    }

    @Benchmark
    public void platform100k() throws InterruptedException {
        startAndJoin(Thread.ofPlatform(), PLATFORM);
    }

    static void startAndJoin(Thread.Builder builder, int count) throws InterruptedException {
        Thread[] threads = new Thread[count];
        for (int i = 0; i < count; i++) {
            threads[i] = builder.start(NOOP);
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
