package dev.loomlab.server.mvc;

import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.testkit.RunningServletServer;
import dev.loomlab.server.testkit.ServletContractTest;

/** Every scenario (the mvc server serves them all) on both mvc models against both real databases. */
class MvcContractTest extends ServletContractTest {
    MvcContractTest() {
        super((virtual, dialect) -> RunningServletServer.start(MvcServer.class, virtual, dialect),
                (url, virtual) -> new ContractVerifier().verifyServed(url, Scenarios.all()));
    }
}
