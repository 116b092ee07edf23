package dev.loomlab.server.coroutines;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.testkit.ReactiveServerTest;
import java.time.Duration;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;

/**
 * The coroutines server against each real database, test for test the webflux server's (see
 * ReactiveServerTest): the contract (the seeds' scenarios, which it claims), the seeds'
 * behaviour, and no blocking call on any event loop from a suspend handler.
 */
class CoroutinesServerTest extends ReactiveServerTest {
    CoroutinesServerTest() {
        // 6 s, not webflux's 2 s: on a shared, loaded box filling the pool and probing took over 2 s.
        super(url -> new ContractVerifier().verify(url), Duration.ofSeconds(6));
    }

    @BeforeParameterizedClassInvocation
    static void start(Dialect dialect) {
        startUnderBlockHound(() -> RunningCoroutinesServer.start(dialect, POOL_SIZE));
    }
}
