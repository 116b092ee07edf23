package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.server.ServerHandle;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.verify.ContractStandIn;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Against small in-process servers that keep the contract, or break one scenario of it: what each cell's check asks. */
class ContractChecksTest {
    private static final Plan PLAN = PlanLoader.load("seed-talk", Map.of("scenarios", "thread-name,block,block-query,slow-query"));
    private static final Model VIRTUAL = Model.byId("mvc-virtual");
    private static final Model WEBFLUX = Model.byId("webflux");

    private static Cell cell(Model model, Scenario scenario, int round) {
        return Cell.of(model, 25, null, scenario, round);
    }

    @Test
    void theFirstServerOfABuildIsCheckedOnThePlansScenariosAndItsTwinsOnTheirOwnOnly() throws IOException {
        try (ContractStandIn server = ContractStandIn.keeping()) {
            ServerHandle twin = ServerHandle.target(server.url());
            ContractChecks checks = new ContractChecks();

            assertThat(checks.check(twin, cell(VIRTUAL, Scenarios.BLOCK, 1), PLAN)).isEmpty();
            assertThat(server.asked()).containsExactlyInAnyOrder("/thread-name", "/block", "/block-query", "/slow-query");

            server.asked().clear();
            assertThat(checks.check(twin, cell(VIRTUAL, Scenarios.SLOW_QUERY, 1), PLAN)).isEmpty();
            assertThat(checks.check(twin, cell(VIRTUAL, Scenarios.BLOCK, 2), PLAN)).isEmpty();
            // the thread kind is read from /thread-name on every check; block-query is not asked again
            assertThat(server.asked()).containsExactlyInAnyOrder("/thread-name", "/slow-query", "/block");

            server.asked().clear();
            assertThat(checks.check(twin, cell(WEBFLUX, Scenarios.BLOCK, 1), PLAN)).as("another build").isEmpty();
            assertThat(server.asked()).containsExactlyInAnyOrder("/thread-name", "/block", "/block-query", "/slow-query");
        }
    }

    @Test
    void aBuildWhoseContractBrokeOnOneScenarioFailsEveryCellOfItWithThatReason() throws IOException {
        try (ContractStandIn server = ContractStandIn.breaking(Scenarios.SLOW_QUERY)) {
            ServerHandle broken = ServerHandle.target(server.url());
            ContractChecks checks = new ContractChecks();

            Optional<Stop> first = checks.check(broken, cell(VIRTUAL, Scenarios.BLOCK, 1), PLAN);
            server.asked().clear();
            Optional<Stop> later = checks.check(broken, cell(VIRTUAL, Scenarios.THREAD_NAME, 2), PLAN);

            assertThat(first).hasValueSatisfying(stop -> {
                assertThat(stop.skipped()).isFalse();
                assertThat(stop.reason()).startsWith("contract check failed: ").contains("slow-query");
            });
            assertThat(later).isEqualTo(first);
            assertThat(server.asked()).as("nothing asked again").isEmpty();
            assertThat(checks.check(broken, cell(WEBFLUX, Scenarios.BLOCK, 1), PLAN)).as("another build is checked").isPresent();
        }
    }
}
