package dev.loomlab.server.mvc;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.downstream.Downstream;
import dev.loomlab.server.testkit.FanOutChecks;
import dev.loomlab.server.testkit.RunningServletServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seed 003's fan-out on both mvc models against a real downstream server: the calls each variant really makes. */
class FanOutTest {

    @ParameterizedTest(name = "virtual={0}")
    @ValueSource(booleans = {false, true})
    void eachVariantMakesTheCallsItClaims(boolean virtual) throws Exception {
        try (Downstream downstream = Downstream.start(0);
             RunningServletServer server = RunningServletServer.start(MvcServer.class, virtual, Dialect.POSTGRES, FanOutChecks.downstreamArg(downstream.url()))) {
            FanOutChecks.eachVariantMakesTheCallsItClaims(server.baseUrl(), downstream::calls);
        }
    }

    @ParameterizedTest(name = "virtual={0}")
    @ValueSource(booleans = {true})
    void withoutADownstreamAFanOutSaysSoAndStillChecksItsParameters(boolean virtual) throws Exception {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, virtual, Dialect.POSTGRES)) {
            FanOutChecks.withoutADownstreamAFanOutSaysSoAndStillChecksItsParameters(server.baseUrl());
        }
    }
}
