package dev.loomlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScenariosTest {
    @Test
    void theSeedScenariosComeFirstThenThePitfalls() {
        assertThat(Scenarios.seeds()).extracting(Scenario::id).containsExactly("thread-name", "block", "block-query", "slow-query");
        assertThat(Scenarios.idList()).containsExactly("thread-name", "block", "block-query", "slow-query",
                "pinned", "locked", "native-pinned", "threadlocal", "cpu", "slow-query-bulkhead", "write", "read",
                "fan-out-sequential", "fan-out-parallel", "fan-out-unsubscribed");
    }

    @Test
    void onlyWriteIsAPost() {
        assertThat(Scenarios.all()).filteredOn(s -> s.method().equals("POST")).containsExactly(Scenarios.WRITE);
    }

    @Test
    void unknownScenarioNamesTheValidOnes() {
        assertThatThrownBy(() -> Scenarios.byId("sleep"))
                .hasMessage("unknown scenario 'sleep' (allowed: thread-name, block, block-query, slow-query, pinned, locked,"
                        + " native-pinned, threadlocal, cpu, slow-query-bulkhead, write, read, fan-out-sequential, fan-out-parallel, fan-out-unsubscribed)");
    }

    @Test
    void serviceTimeIsTheSleepOrZero() {
        assertThat(Scenarios.BLOCK.serviceTime(Map.of())).isEqualTo(Duration.ofSeconds(1));
        assertThat(Scenarios.SLOW_QUERY.serviceTime(Map.of("ms", 250L))).isEqualTo(Duration.ofMillis(250));
        assertThat(Scenarios.THREAD_NAME.serviceTime(Map.of())).isEqualTo(Duration.ZERO);
    }

    @Test
    void aFanOutsServiceTimeIsItsSequentialCalls() {
        assertThat(Scenarios.FAN_OUT_SEQUENTIAL.serviceTime(Map.of("ms", 100L))).isEqualTo(Duration.ofMillis(200));
        assertThat(Scenarios.FAN_OUT_PARALLEL.serviceTime(Map.of("ms", 100L))).isEqualTo(Duration.ofMillis(100));
        assertThat(Scenarios.FAN_OUT_UNSUBSCRIBED.serviceTime(Map.of())).isEqualTo(Duration.ofSeconds(1));
        assertThat(FanOut.all()).allSatisfy(f -> assertThat(f.callsPerRequest()).isEqualTo(2));
        assertThat(FanOut.needsDownstream(Scenarios.BLOCK)).isFalse();
    }

    @Test
    void pathsSpellOutEveryArgument() {
        assertThat(Scenarios.BLOCK.pathWithQuery(Map.of())).isEqualTo("/block?ms=1000");
        assertThat(Scenarios.BLOCK_QUERY.pathWithQuery(Map.of("ms", 5L))).isEqualTo("/block-query?ms=5");
        assertThat(Scenarios.THREAD_NAME.pathWithQuery(Map.of())).isEqualTo("/thread-name");
    }

    @Test
    void onlyTheSlowQueriesHoldAConnectionForTheirServiceTime() {
        assertThat(Scenarios.all()).filteredOn(Scenario::holdsConnection).containsExactly(Scenarios.SLOW_QUERY, Scenarios.SLOW_QUERY_BULKHEAD);
    }

    @Test
    void everyQueryHasOneStatementPerDialectWithNamedParametersOnly() {
        for (Scenario s : Scenarios.all()) {
            if (s.usesDatabase()) {
                for (Dialect d : Dialect.values()) {
                    assertThat(s.sql(d)).doesNotContain("?").doesNotContain("%s");
                }
            }
        }
        assertThat(Scenarios.SLOW_QUERY.sql(Dialect.MARIADB)).isEqualTo("select sleep(:seconds)");
        assertThat(Scenarios.SLOW_QUERY.sql(Dialect.POSTGRES)).isEqualTo("select pg_sleep(:seconds)");
    }

    @Test
    void bodiesWrittenByResponsesMatchTheirShapes() {
        assertThat(Scenarios.THREAD_NAME.bodyMatches(Responses.threadName(Thread.currentThread()))).isTrue();
        assertThat(Scenarios.BLOCK.bodyMatches(Responses.slept(1000))).isTrue();
        assertThat(Scenarios.BLOCK_QUERY.bodyMatches(Responses.sleptThenQueried(1000, "2026-11-22 08:00:00"))).isTrue();
        assertThat(Scenarios.SLOW_QUERY.bodyMatches(Responses.dbSlept(1000))).isTrue();
        assertThat(Scenarios.FAN_OUT_PARALLEL.bodyMatches(Responses.calledDownstream(20, "parallel", "slept 20 ms", "slept 20 ms"))).isTrue();
        assertThat(Scenarios.BLOCK.bodyMatches("ok")).isFalse();
    }
}
