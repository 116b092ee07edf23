package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Model;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.testkit.ReactiveServerTest;
import java.time.Duration;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * The webflux server against each real database: the contract (every scenario the webflux model
 * serves), the seeds' behaviour and no blocking call on any event loop; see ReactiveServerTest.
 */
class WebfluxServerTest extends ReactiveServerTest {
    WebfluxServerTest() {
        super(url -> new ContractVerifier().verify(url, Model.WEBFLUX), Duration.ofSeconds(2));
    }

    @BeforeParameterizedClassInvocation
    static void start(Dialect dialect) {
        startUnderBlockHound(() -> RunningWebfluxServer.start(dialect, POOL_SIZE));
    }
}
