package dev.loomlab.lab.ceiling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The seeds' expected ceilings (SEEDS.md, "Expected ceilings"), case by case. */
class CeilingTest {
    private static final int THREADS = Defaults.TOMCAT_MAX_THREADS;
    private static final int POOL = Defaults.POOL_SIZE;

    private static Ceiling of(Model model, Scenario scenario, int vus) {
        return Ceiling.of(model, scenario, scenario.serviceTime(Map.of()), vus, THREADS, POOL);
    }

    /**
     * The seeds' cases: a model's server on a scenario with so many users, the ceiling and what sets
     * it. Platform threads on a blocking sleep are capped by their 200 threads, virtual threads and
     * WebFlux by the users; where the database sleeps every model is capped by the pool's 150
     * connections, unless there are fewer users than connections.
     */
    static Stream<Arguments> seedCeilings() {
        Stream<Arguments> blockingSleep = Stream.of(
                arguments(Model.byId("mvc-platform"), Scenarios.BLOCK, 500, 200.0, "threads"),
                arguments(Model.byId("mvc-virtual"), Scenarios.BLOCK, 500, 500.0, "vus"),
                arguments(Model.byId("webflux"), Scenarios.BLOCK, 3000, 3000.0, "vus"),
                arguments(Model.byId("mvc-platform"), Scenarios.SLOW_QUERY, 500, 150.0, "pool"));
        Stream<Arguments> databaseSleep = Model.values().stream().flatMap(model -> Stream.of(
                arguments(model, Scenarios.SLOW_QUERY, 3000, 150.0, "pool"),
                arguments(model, Scenarios.SLOW_QUERY, 100, 100.0, "vus")));
        return Stream.concat(blockingSleep, databaseSleep);
    }

    @ParameterizedTest(name = "{0}, {2} VUs: {3} TPS, limited by {4}")
    @MethodSource("seedCeilings")
    void theSeedsCeilingIsTheSmallestOfUsersThreadsAndPoolOverS(Model model, Scenario scenario, int vus, double tps, String limitedBy) {
        Ceiling c = of(model, scenario, vus);

        assertThat(c.tps()).isEqualTo(tps);
        assertThat(c.limitedBy()).isEqualTo(limitedBy);
    }

    @Test
    void aTieGoesToTheUsers() {
        assertThat(of(Model.byId("mvc-virtual"), Scenarios.SLOW_QUERY, POOL).limitedBy()).isEqualTo("vus");
    }

    @ParameterizedTest
    @MethodSource("dev.loomlab.lab.catalog.Model#values")
    void withoutASleepThereIsNoCeiling(Model model) {
        Ceiling c = of(model, Scenarios.THREAD_NAME, 3000);

        assertThat(c.tps()).isNull();
        assertThat(c.limitedBy()).isEqualTo("cpu");
        assertThat(c.ratio(12_345.0)).isNull();
    }

    @Test
    void aTwoSecondSleepHalvesTheCeiling() {
        Ceiling c = Ceiling.of(Model.byId("mvc-platform"), Scenarios.BLOCK, Scenarios.BLOCK.serviceTime(Map.of("ms", 2000L)), 500, THREADS, POOL);

        assertThat(c.tps()).isEqualTo(100.0);
        assertThat(c.formula()).isEqualTo("min(500 VUs, 200 threads) / 2.000 s = 100.0 TPS");
    }

    @Test
    void theFormulaShowsTheArithmetic() {
        assertThat(of(Model.byId("mvc-platform"), Scenarios.SLOW_QUERY, 500).formula())
                .isEqualTo("min(500 VUs, 200 threads, 150 connections) / 1.000 s = 150.0 TPS");
        assertThat(of(Model.byId("mvc-platform"), Scenarios.BLOCK, 500).formula()).isEqualTo("min(500 VUs, 200 threads) / 1.000 s = 200.0 TPS");
        assertThat(of(Model.byId("webflux"), Scenarios.BLOCK, 500).formula()).isEqualTo("500 VUs / 1.000 s = 500.0 TPS");
    }

    @Test
    void theRatioIsMeasuredOverCeiling() {
        assertThat(of(Model.byId("mvc-platform"), Scenarios.BLOCK, 500).ratio(197.0)).isEqualTo(0.985);
    }

    /** --tomcat-threads reaches the mvc server only: a legacy cell keeps the 200 threads its server has. */
    @Test
    void theTomcatThreadsSettingLimitsOnlyTheServersItReaches() {
        Duration oneSecond = Scenarios.BLOCK.serviceTime(Map.of());

        Ceiling mvc = Ceiling.of(Model.byId("mvc-platform"), Scenarios.BLOCK, oneSecond, 500, 10, POOL);
        Ceiling legacy = Ceiling.of(Model.byId("legacy"), Scenarios.BLOCK, oneSecond, 500, 10, POOL);

        assertThat(mvc.tps()).isEqualTo(10.0);
        assertThat(legacy.tps()).isEqualTo(200.0);
        assertThat(legacy.formula()).isEqualTo("min(500 VUs, 200 threads) / 1.000 s = 200.0 TPS");
        assertThat(Ceiling.ofOpen(Model.byId("legacy").requestThreads(10), Scenarios.BLOCK, oneSecond, 1000, POOL).tps()).isEqualTo(200.0);
        assertThat(Ceiling.ofBurst(Model.byId("legacy").requestThreads(10), Scenarios.BLOCK, oneSecond, 600, POOL).formula())
                .contains("ceil(600 / 200)");
    }
}
