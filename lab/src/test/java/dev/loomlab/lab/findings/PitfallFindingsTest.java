package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.TestCell.cell;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.result.CellResult;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The pitfall scenarios' findings, from hand-made cells: each speaks with its numbers, and only for its scenario. */
class PitfallFindingsTest {

    private static Optional<String> finding(CellResult cell, String id) {
        return Findings.fired(cell, List.of(), 1).stream().filter(f -> f.rule().equals(id)).map(Finding::text).findFirst();
    }

    @Test
    void pinningOnMvcVirtualCountsTheLaunchersFourCarriersOnOneCore() {
        CellResult c = cell().with(t -> {
            t.model = "mvc-virtual";
            t.scenario = "pinned";
            t.serverJdk = "21.0.8";
            t.tps = 3.9;
            t.jfrEvents.put(JfrCounts.PINNED, 95L);
        }).build();

        assertThat(finding(c, "pinning")).hasValueSatisfying(s -> assertThat(s)
                .contains("95 pinning events")
                .contains("at most 4 carriers / 1.00 s = 4.0 TPS")
                .contains("use a ReentrantLock"));
    }

    /** legacy-virtual's launcher sets max(cores, 4) carriers too: on one core the rule must not say "the only carrier". */
    @Test
    void pinningOnLegacyVirtualCountsItsLaunchersFourCarriersOnOneCore() {
        CellResult c = cell().with(t -> {
            t.model = "legacy-virtual";
            t.scenario = "block-query";
            t.serverJdk = "21.0.8";
            t.tps = 180.0;
            t.jfrEvents.put(JfrCounts.PINNED, 12L);
        }).build();

        assertThat(finding(c, "pinning")).hasValueSatisfying(s -> assertThat(s)
                .contains("holds one of the server's 4 carrier threads")
                .doesNotContain("only carrier thread"));
    }

    /** The driver-pinning pitfall: the pin is in the driver's query, not the request's 1 s sleep, so no carriers / S cap. */
    @Test
    void pinningInsideTheOldMysqlDriverNamesTheDriverAndItsFix() {
        CellResult c = cell().with(t -> {
            t.model = "mvc-virtual-jdk21-mysql-8.1.0";
            t.scenario = "block-query";
            t.serverJdk = "21.0.8";
            t.tps = 1846.2;
            t.jfrEvents.put(JfrCounts.PINNED, 19L);
            t.jfrEvents.put(JfrCounts.PINNED_AT + "com.mysql.cj.protocol.a.NativeProtocol.readMessage", 15L);
            t.jfrEvents.put(JfrCounts.PINNED_AT + "com.zaxxer.hikari.pool.HikariPool.getConnection", 4L);
        }).build();

        assertThat(finding(c, "pinning")).hasValueSatisfying(s -> assertThat(s)
                .contains("19 pinning events")
                .contains("holds one of the server's 4 carrier threads for as long as it blocks")
                .doesNotContain("carriers / 1.00 s")
                .contains("pinned at com.mysql.cj.protocol.a.NativeProtocol.readMessage (15 of them)")
                .contains("upgrade it to 9.0+"));
    }

    /** On a JDK axis the cell is labelled mvc-virtual-jdk25: still mvc-virtual, still its launcher's carriers. */
    @Test
    void nativePinningIsFoundOnAJdkAxisCellToo() {
        CellResult c = cell().with(t -> {
            t.model = "mvc-virtual-jdk25";
            t.scenario = "native-pinned";
            t.tps = 4.0;
        }).build();

        assertThat(finding(c, "native-pinning")).hasValueSatisfying(s -> assertThat(s).contains("against 4 carriers / 1.00 s = 4.0 TPS"));
    }

    @Test
    void nativePinningIsShownByThroughputSinceJfrRecordsNoEvent() {
        CellResult c = cell().with(t -> {
            t.model = "mvc-virtual";
            t.scenario = "native-pinned";
            t.tps = 3.8;
        }).build();

        assertThat(finding(c, "native-pinning")).hasValueSatisfying(s -> assertThat(s)
                .contains("3.8 TPS against 4 carriers / 1.00 s = 4.0 TPS (95 % of it)")
                .contains("0 jdk.VirtualThreadPinned events"));
        assertThat(finding(cell().with(t -> t.scenario = "native-pinned").build(), "native-pinning"))
                .as("platform threads have no carriers").isEmpty();
    }

    @Test
    void threadLocalNamesTheCachesBuiltAndTheAllocationPerRequest() {
        CellResult virtual = cell().with(t -> {
            t.model = "mvc-virtual";
            t.scenario = "threadlocal";
            t.requests = 1000;
            t.metrics.put("threadLocalCachesCreated", 980.0);
            t.metrics.put("allocatedKbPerRequest", 71.5);
            t.metrics.put("allocatedMbPerS", 70.0);
            t.metrics.put("serverRssMbMax", 412.0);
        }).build();
        CellResult platform = cell().with(t -> {
            t.scenario = "threadlocal";
            t.requests = 1000;
            t.metrics.put("threadLocalCachesCreated", 0.0);
        }).build();

        assertThat(finding(virtual, "threadlocal")).hasValueSatisfying(s -> assertThat(s)
                .contains("980 ThreadLocal caches built for 1,000 requests in the window (0.98 per request)")
                .contains("71.5 KB per request, 70.0 MB/s, RSS up to 412 MB")
                .contains("rebuilt on almost every request"));
        assertThat(finding(platform, "threadlocal")).hasValueSatisfying(s -> assertThat(s).contains("the cache is reused"));
    }

    @Test
    void cpuFairnessComparesTheTailWithTheMedian() {
        CellResult unfair = cell().with(t -> {
            t.scenario = "cpu";
            t.p50Ms = 4.9;
            t.p90Ms = 2460.0;
            t.p99Ms = 3000.0;
        }).build();
        CellResult fair = cell().with(t -> {
            t.scenario = "cpu";
            t.p50Ms = 496;
            t.p90Ms = 812.0;
        }).build();

        assertThat(finding(unfair, "cpu-fairness")).hasValueSatisfying(s -> assertThat(s).contains("p50 4.9 ms, p90 2460.0 ms").contains("unfair"));
        assertThat(finding(fair, "cpu-fairness")).hasValueSatisfying(s -> assertThat(s).contains("1.6×").contains("fair, requests share"));
        assertThat(finding(cell().build(), "cpu-fairness")).as("only the cpu scenario").isEmpty();
    }

    @Test
    void theBulkheadCountsItsRefusalsApartFromPoolTimeouts() {
        CellResult after = cell().with(t -> {
            t.scenario = "slow-query-bulkhead";
            t.p50Ms = 101;
            t.metrics.put("bulkheadRefused", 9000.0);
            t.metrics.put("poolTimeoutsInWindow", 0.0);
        }).build();
        CellResult before = cell().with(t -> {
            t.scenario = "slow-query";
            t.metrics.put("poolTimeoutsInWindow", 480.0);
        }).error("status5xx", 480).build();

        assertThat(finding(after, "bulkhead")).hasValueSatisfying(s -> assertThat(s)
                .contains("refused 9,000 requests with a fast 503 (p50 101 ms)").contains("0 pool timeouts"));
        assertThat(finding(before, "bulkhead")).hasValueSatisfying(s -> assertThat(s)
                .contains("480 requests waited for the pool's timeout and failed there (480 5xx"));
    }

    @Test
    void theWriteCheckSaysWhetherRowsEqualSuccessfulResponses() {
        CellResult equal = cell().with(t -> {
            t.scenario = "write";
            t.metrics.put("writeRowsWritten", 2500.0);
            t.metrics.put("writeOkResponses", 2500.0);
        }).build();

        assertThat(finding(equal, "write-check")).hasValueSatisfying(s -> assertThat(s)
                .contains("2,500 rows written = 2,500 successful responses"));
        assertThat(finding(cell().build(), "write-check")).isEmpty();
    }
}
