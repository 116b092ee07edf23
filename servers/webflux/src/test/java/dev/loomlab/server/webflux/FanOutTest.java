package dev.loomlab.server.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.downstream.Downstream;
import dev.loomlab.server.testkit.BlockHoundSupport;
import dev.loomlab.server.testkit.FanOutChecks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Seed 003's fan-out on WebFlux against a real downstream server, under BlockHound: the calls each variant really makes. */
class FanOutTest {

    @BeforeAll
    static void blockHound() {
        BlockHoundSupport.install();
    }

    @AfterEach
    void nothingBlockedAnEventLoop() {
        assertThat(BlockHoundSupport.violations()).as("blocking calls on non-blocking threads").isEmpty();
    }

    @Test
    void eachVariantMakesTheCallsItClaims() throws Exception {
        try (Downstream downstream = Downstream.start(0);
             RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 10, FanOutChecks.downstreamArg(downstream.url()))) {
            FanOutChecks.eachVariantMakesTheCallsItClaims(server.baseUrl(), downstream::calls);
        }
    }

    @Test
    void withoutADownstreamAFanOutSaysSoAndStillChecksItsParameters() throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 10)) {
            FanOutChecks.withoutADownstreamAFanOutSaysSoAndStillChecksItsParameters(server.baseUrl());
        }
    }
}
