package dev.loomlab.server.legacy;

import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.testkit.RunningServletServer;
import dev.loomlab.server.testkit.ServletContractTest;

/**
 * Every scenario on legacy and legacy-virtual against both real databases, checked by the same
 * verifier the lab runs before every cell: parity with the mvc and webflux servers.
 */
class LegacyContractTest extends ServletContractTest {
    LegacyContractTest() {
        // The seeds' scenarios: the contract the legacy server claims.
        super((virtual, dialect) -> RunningServletServer.start(LegacyServer.class, virtual, dialect), (url, virtual) -> new ContractVerifier().verify(url));
    }
}
