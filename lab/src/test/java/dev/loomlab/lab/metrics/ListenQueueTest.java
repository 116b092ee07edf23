package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ListenQueueTest {

    @Test
    void readsOverflowsAndDropsFromTheTcpExtPair() {
        List<String> netstat = List.of(
                "TcpExt: SyncookiesSent ListenOverflows ListenDrops TCPHPHits",
                "TcpExt: 0 6147 6150 12",
                "IpExt: InNoRoutes",
                "IpExt: 0");

        assertThat(ListenQueue.parse(netstat)).containsExactly(6147, 6150);
    }

    @Test
    void unknownWhenTheKernelDoesNotSayRatherThanZero() {
        assertThat(ListenQueue.parse(List.of("IpExt: InNoRoutes", "IpExt: 0"))).isNull();
    }

    @Test
    void thisMachinesKernelExposesThem() {
        long[] counters = ListenQueue.read();
        assertThat(counters).isNotNull().hasSize(2);
        assertThat(counters[0]).isNotNegative();
        assertThat(counters[1]).isGreaterThanOrEqualTo(counters[0]);
    }
}
