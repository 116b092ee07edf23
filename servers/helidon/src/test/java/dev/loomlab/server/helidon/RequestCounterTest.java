package dev.loomlab.server.helidon;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RequestCounting;
import org.junit.jupiter.api.Test;

/** The server counts the requests it received on its request port — and not the scrapes that read the count. */
class RequestCounterTest {

    @Test
    void everyRequestOnTheRequestPortIsCountedAndScrapesAreNot() throws Exception {
        try (RunningHelidonServer server = RunningHelidonServer.start(Dialect.POSTGRES)) {
            RequestCounting.everyRequestOnTheRequestPortIsCountedAndScrapesAreNot(server.baseUrl(), server.managementPort());
        }
    }
}
