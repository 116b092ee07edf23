package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.testkit.ReactiveServerTest;
import java.time.Duration;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * The webflux server against each real database: the contract (every scenario the webflux model
 * serves), the seeds' behaviour and no blocking call on any event loop; see ReactiveServerTest.
 */
class WebfluxServerTest extends ReactiveServerTest {
    /** What would block an event loop (loomlab-server.yaml's scenarios.except says why). */
    private static final java.util.List<dev.loomlab.scenario.Scenario> NOT_SERVED =
            java.util.List.of(Scenarios.PINNED, Scenarios.LOCKED, Scenarios.NATIVE_PINNED);

    WebfluxServerTest() {
        super(url -> new ContractVerifier().verifyServed(url, Scenarios.all().stream()
                .filter(s -> !NOT_SERVED.contains(s)).toList()), Duration.ofSeconds(2));
    }

    @BeforeParameterizedClassInvocation
    static void start(Dialect dialect) {
        startUnderBlockHound(() -> RunningWebfluxServer.start(dialect, POOL_SIZE));
    }
}
