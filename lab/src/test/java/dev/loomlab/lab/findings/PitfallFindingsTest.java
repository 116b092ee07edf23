package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.TestCell.cell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.loomlab.lab.metrics.JfrCounts;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The pitfall scenarios' findings, from hand-made cells: each speaks with its numbers, and only for its scenario. */
class PitfallFindingsTest {

    private static Optional<String> finding(TestCell cell, String id) {
        return Findings.fired(cell.build(), List.of(), 1).stream().filter(f -> f.rule().equals(id)).map(Finding::text).findFirst();
    }

    /** A cell, the rule that speaks for it, what its sentence says and what it must not say. */
    record Case(String behaviour, String rule, TestCell cell, List<String> says, List<String> doesNotSay) {
        @Override
        public String toString() {
            return behaviour;
        }
    }

    static Stream<Case> findings() {
        return Stream.of(
                new Case("pinning on mvc-virtual counts the launcher's 4 carriers on one core", "pinning",
                        cell().on("mvc-virtual", "pinned").jdk("21.0.8").tps(3.9).jfr(JfrCounts.PINNED, 95L),
                        List.of("95 pinning events", "at most 4 carriers / 1.00 s = 4.0 TPS", "use a ReentrantLock"), List.of()),
                // legacy-virtual's launcher sets max(cores, 4) carriers too: on one core the rule must not say "the only carrier".
                new Case("pinning on legacy-virtual counts its launcher's 4 carriers on one core", "pinning",
                        cell().on("legacy-virtual", "block-query").jdk("21.0.8").tps(180.0).jfr(JfrCounts.PINNED, 12L),
                        List.of("holds one of the server's 4 carrier threads"), List.of("only carrier thread")),
                // The driver-pinning pitfall: the pin is in the driver's query, not the request's 1 s sleep, so no carriers / S cap.
                new Case("pinning inside the old MySQL driver names the driver and its fix", "pinning",
                        cell().on("mvc-virtual-jdk21-mysql-8.1.0", "block-query").jdk("21.0.8").tps(1846.2).jfr(JfrCounts.PINNED, 19L)
                                .jfr(JfrCounts.PINNED_AT + "com.mysql.cj.protocol.a.NativeProtocol.readMessage", 15L)
                                .jfr(JfrCounts.PINNED_AT + "com.zaxxer.hikari.pool.HikariPool.getConnection", 4L),
                        List.of("19 pinning events", "holds one of the server's 4 carrier threads for as long as it blocks",
                                "pinned at com.mysql.cj.protocol.a.NativeProtocol.readMessage (15 of them)", "upgrade it to 9.0+"),
                        List.of("carriers / 1.00 s")),
                // On a JDK axis the cell is labelled mvc-virtual-jdk25: still mvc-virtual, still its launcher's carriers.
                new Case("native pinning is found on a JDK axis cell too", "native-pinning",
                        cell().on("mvc-virtual-jdk25", "native-pinned").tps(4.0),
                        List.of("against 4 carriers / 1.00 s = 4.0 TPS"), List.of()),
                new Case("native pinning is shown by throughput, since JFR records no event", "native-pinning",
                        cell().on("mvc-virtual", "native-pinned").tps(3.8),
                        List.of("3.8 TPS against 4 carriers / 1.00 s = 4.0 TPS (95 % of it)", "0 jdk.VirtualThreadPinned events"),
                        List.of()),
                new Case("threadlocal names the caches built and the allocation per request", "threadlocal",
                        cell().on("mvc-virtual", "threadlocal").requests(1000).metric("threadLocalCachesCreated", 980.0)
                                .metric("allocatedKbPerRequest", 71.5).metric("allocatedMbPerS", 70.0).metric("serverRssMbMax", 412.0),
                        List.of("980 ThreadLocal caches built for 1,000 requests in the window (0.98 per request)",
                                "71.5 KB per request, 70.0 MB/s, RSS up to 412 MB", "rebuilt on almost every request"), List.of()),
                new Case("threadlocal on a pool of threads: the cache is reused", "threadlocal",
                        cell().on("mvc-platform", "threadlocal").requests(1000).metric("threadLocalCachesCreated", 0.0),
                        List.of("the cache is reused"), List.of()),
                new Case("cpu fairness: a long tail against the median is unfair", "cpu-fairness",
                        cell().on("mvc-platform", "cpu").latencyMs(4.9, 2460.0, 3000.0),
                        List.of("p50 4.9 ms, p90 2460.0 ms", "unfair"), List.of()),
                new Case("cpu fairness: a short tail is fair", "cpu-fairness",
                        cell().on("mvc-platform", "cpu").latencyMs(496, 812.0, null),
                        List.of("1.6×", "fair, requests share"), List.of()),
                new Case("the bulkhead counts its refusals apart from pool timeouts", "bulkhead",
                        cell().on("mvc-platform", "slow-query-bulkhead").latencyMs(101, null, null)
                                .metric("bulkheadRefused", 9000.0).metric("poolTimeoutsInWindow", 0.0),
                        List.of("refused 9,000 requests with a fast 503 (p50 101 ms)", "0 pool timeouts"), List.of()),
                new Case("without the bulkhead requests wait for the pool's timeout", "bulkhead",
                        cell().on("mvc-platform", "slow-query").metric("poolTimeoutsInWindow", 480.0).error("status5xx", 480),
                        List.of("480 requests waited for the pool's timeout and failed there (480 5xx"), List.of()),
                new Case("the write check says whether rows equal successful responses", "write-check",
                        cell().on("mvc-platform", "write").metric("writeRowsWritten", 2500.0).metric("writeOkResponses", 2500.0),
                        List.of("2,500 rows written = 2,500 successful responses"), List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("findings")
    void eachPitfallSpeaksWithItsNumbers(Case c) {
        assertThat(finding(c.cell(), c.rule())).hasValueSatisfying(s -> {
            assertThat(s).contains(c.says());
            c.doesNotSay().forEach(no -> assertThat(s).doesNotContain(no));
        });
    }

    /** A rule and a cell it must stay silent on: not its scenario, or not the model it concerns. */
    static Stream<Arguments> silences() {
        return Stream.of(
                arguments("native-pinning", cell().on("mvc-platform", "native-pinned"), "platform threads have no carriers"),
                arguments("cpu-fairness", cell(), "only the cpu scenario"),
                arguments("write-check", cell(), "only where rows were counted"));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("silences")
    void aPitfallsRuleIsSilentElsewhere(String rule, TestCell cell, String why) {
        assertThat(finding(cell, rule)).as(why).isEmpty();
    }
}
