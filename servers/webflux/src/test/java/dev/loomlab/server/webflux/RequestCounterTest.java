package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RequestCounting;
import org.junit.jupiter.api.Test;

/** The server counts the requests it received on its request port — and not the scrapes that read the count. */
class RequestCounterTest {

    @Test
    void everyRequestOnTheRequestPortIsCountedAndScrapesAreNot() throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 5)) {
            RequestCounting.everyRequestOnTheRequestPortIsCountedAndScrapesAreNot(server.baseUrl(), server.managementPort());
        }
    }
}
