package dev.loomlab.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seed 002's "context switch": two threads of the same kind hand a turn back and forth with
 * {@link LockSupport#park()} / {@link LockSupport#unpark(Thread)}; each hand-over blocks one
 * thread and wakes the other. Score = time per hand-over (one switch), averaged over
 * {@value #HANDOVERS} of them; the two threads' start is amortised over all of them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ParkUnparkBenchmark {
    static final int HANDOVERS = 20_000;

    @Param({"virtual", "platform"})
    public String kind;

    @Benchmark
    @OperationsPerInvocation(HANDOVERS)
    public int pingPong() throws InterruptedException {
        return PingPong.run(kind.equals("virtual") ? Thread.ofVirtual() : Thread.ofPlatform(), HANDOVERS);
    }
}
