package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenarios;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pitfalls plan's own arithmetic: it must make each pitfall show within its short cells. */
class PitfallsPlanTest {
    private static final List<PlanParts.Part> PARTS = PlanLoader.parts("pitfalls", Map.of());

    private static Plan part(String name) {
        return PARTS.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow().plan();
    }

    @Test
    void runsEveryPitfallOnEveryModelThatServesItOnJdk21And25() {
        Plan plan = part("locks-pools");

        assertThat(plan.jdks()).containsExactly(21, 25);
        // Every model whose server implements the pitfalls (coroutines and legacy serve seed 000's four only).
        assertThat(plan.models()).containsExactlyElementsOf(Model.values().stream()
                .filter(m -> m.served().contains(Scenarios.CPU)).toList());
        assertThat(plan.scenarios()).containsExactly(Scenarios.PINNED, Scenarios.LOCKED, Scenarios.NATIVE_PINNED,
                Scenarios.THREADLOCAL, Scenarios.CPU, Scenarios.SLOW_QUERY, Scenarios.SLOW_QUERY_BULKHEAD, Scenarios.WRITE);
    }

    /** slow-query's "before" needs requests that wait longer than the pool's 30 s timeout, inside the cell. */
    @Test
    void thePoolQueueOutlastsItsTimeoutWithinTheCell() {
        Plan plan = part("locks-pools");
        double sleepS = plan.sleepMs() / 1000.0;

        assertThat((double) vus(plan) / plan.poolSize() * sleepS).as("a request's wait for a connection, s").isGreaterThan(30);
        assertThat(plan.window().total().toSeconds()).as("warm-up + window, s").isGreaterThan(30);
        assertThat(vus(plan)).as("above Tomcat's 200 threads, so the bulkhead is what limits").isGreaterThan(Defaults.TOMCAT_MAX_THREADS);
    }

    /** Seed 000's cell (3,000 VUs, pool 150, 1 s block + select) per JDBC driver and JDK, WebFlux beside it. */
    @Test
    void driverPinningRunsSeed000sCellOnTheOldAndNewDriversOnJdk21And25() {
        Plan plan = part("driver-pinning");

        assertThat(plan.database()).isEqualTo(Dialect.MARIADB);
        assertThat(plan.scenarios()).containsExactly(Scenarios.BLOCK_QUERY);
        assertThat(plan.workload()).isEqualTo(new Workload.Closed(3000));
        assertThat(plan.poolSize()).isEqualTo(150);
        assertThat(plan.jdks()).containsExactly(21, 25);
        assertThat(plan.jdbcDriversFor(Model.byId("mvc-virtual"))).containsExactly("mariadb", "mysql-8.1.0", "mysql-9.5.0");
        assertThat(plan.jdbcDriversFor(Model.byId("webflux"))).as("R2DBC: no JDBC driver to swap").containsExactly((String) null);
        assertThat(plan.cellCount()).isEqualTo(2 * 3 + 2);
    }

    @Test
    void fanOutRunsEveryVariantSoTheCallCheckCanCatchTheUnsubscribedOne() {
        Plan plan = part("fan-out");

        assertThat(plan.scenarios()).containsExactly(Scenarios.FAN_OUT_SEQUENTIAL, Scenarios.FAN_OUT_PARALLEL,
                Scenarios.FAN_OUT_UNSUBSCRIBED);
        assertThat(plan.models()).contains(Model.byId("mvc-virtual"), Model.byId("webflux"));
    }

    /** Every claim names cells the part really measures: a typo would leave the summary's ratio empty. */
    @Test
    void everySeedClaimNamesCellsOfItsPart() {
        for (PlanParts.Part part : PARTS) {
            List<String> labels = new java.util.ArrayList<>();
            for (Model m : part.plan().models()) {
                for (Integer jdk : part.plan().jdksFor(m)) {
                    for (String driver : part.plan().jdbcDriversFor(m)) {
                        labels.add(dev.loomlab.lab.run.Runner.label(part.plan(), m, jdk == null ? 0 : jdk, driver));
                    }
                }
            }
            for (PlanParts.SeedClaim claim : part.seed()) {
                assertThat(labels).as(part.name() + ": " + claim.claim()).contains(claim.of(), claim.over());
            }
        }
    }

    private static int vus(Plan plan) {
        return ((Workload.Closed) plan.workload()).vus();
    }
}
