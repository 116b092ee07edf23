package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A server's port watched until it accepts: its driver is told once, and never when the watch ended first. */
class PortWatchTest {

    @Test
    void theActionRunsOnceThePortAcceptsAndOnlyOnce() throws Exception {
        int port = FreePort.pick().orElseThrow();
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch ran = new CountDownLatch(1);
        try (PortWatch watch = PortWatch.onOpen("127.0.0.1", port, Duration.ofSeconds(30), () -> {
            runs.incrementAndGet();
            ran.countDown();
        })) {
            Thread.sleep(300);
            assertThat(runs).as("nothing listens yet").hasValue(0);
            try (ServerSocket server = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
                assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
                Thread.sleep(300);
            }
        }
        assertThat(runs).hasValue(1);
    }

    @Test
    void aWatchClosedBeforeThePortOpensNeverRuns() throws Exception {
        int port = FreePort.pick().orElseThrow();
        AtomicInteger runs = new AtomicInteger();
        PortWatch watch = PortWatch.onOpen("127.0.0.1", port, Duration.ofSeconds(30), runs::incrementAndGet);
        Thread.sleep(200);
        watch.close();
        try (ServerSocket server = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
            Thread.sleep(300);
        }
        assertThat(runs).hasValue(0);
    }
}
