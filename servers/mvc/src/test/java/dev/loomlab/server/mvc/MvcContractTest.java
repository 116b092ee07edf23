package dev.loomlab.server.mvc;

import dev.loomlab.scenario.Model;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.testkit.RunningServletServer;
import dev.loomlab.server.testkit.ServletContractTest;

/** Every scenario on both mvc models against both real databases. */
class MvcContractTest extends ServletContractTest {
    MvcContractTest() {
        super((virtual, dialect) -> RunningServletServer.start(MvcServer.class, virtual, dialect),
                (url, virtual) -> new ContractVerifier().verify(url, virtual ? Model.MVC_VIRTUAL : Model.MVC_PLATFORM));
    }
}
