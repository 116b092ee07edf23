package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FreePortTest {

    @Test
    void theChosenPortIsBelowTheKernelsEphemeralRangeAndAServerCanListenOnIt() throws Exception {
        // the range as the kernel's own tool reports it, not as the class reads it
        Process sysctl = new ProcessBuilder("cat", "/proc/sys/net/ipv4/ip_local_port_range").start();
        int ephemeralLow = Integer.parseInt(new String(sysctl.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split("\\s+")[0]);

        int port = FreePort.pick().orElseThrow();

        assertThat(port).isGreaterThanOrEqualTo(FreePort.LOWEST).isLessThan(ephemeralLow);
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            assertThat(server.isBound()).isTrue();
        }
    }

    @Test
    void aPortSomethingListensOnIsNotFree() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            assertThat(FreePort.free(taken.getLocalPort())).isFalse();
        }
    }
}
