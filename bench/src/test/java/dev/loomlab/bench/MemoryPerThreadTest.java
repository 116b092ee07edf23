package dev.loomlab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The only code of this module outside JMH: the footprint must be taken while every thread is
 * really blocked, and must see the memory threads take (a measurement taken too early, or of
 * nothing, would report ~0).
 */
class MemoryPerThreadTest {

    @Test
    void platformThreadsAreMeasuredWhileAllBlockedAndEachTakesAtLeastAPageOfStack() throws Exception {
        MemoryPerThread.Footprint f = MemoryPerThread.measure("platform", 500);
        assertThat(f.waiting()).isEqualTo(500);
        assertThat(f.rssPerThread()).isGreaterThanOrEqualTo(4096);
        // The whole stack is reserved per platform thread (default -Xss: 1 MB on Linux x64).
        assertThat(f.reservedPerThread()).isGreaterThan(512 * 1024);
    }

    @Test
    void virtualThreadsKeepTheirParkedStacksOnTheHeap() throws Exception {
        MemoryPerThread.Footprint f = MemoryPerThread.measure("virtual", 5_000);
        assertThat(f.waiting()).isEqualTo(5_000);
        // Each parked virtual thread holds at least its Thread object and its stack chunk.
        assertThat(f.heapPerThread()).isGreaterThan(200);
    }

    @Test
    void pingPongMakesEveryHandOverOnBothKinds() throws Exception {
        assertThat(PingPong.run(Thread.ofVirtual(), 1_000)).isEqualTo(1_000);
        assertThat(PingPong.run(Thread.ofPlatform(), 1_000)).isEqualTo(1_000);
    }
}
