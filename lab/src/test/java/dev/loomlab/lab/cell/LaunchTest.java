package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.ServerStart;
import dev.loomlab.lab.server.CacheUse;
import dev.loomlab.lab.server.ServerHandle;
import org.junit.jupiter.api.Test;

/** What a failed start says of its log; what a cell records of how its server started. */
class LaunchTest {

    @Test
    void aStartEndingInAStackTraceIsToldByItsLastCause() {
        String tail = """
                org.springframework.context.ApplicationContextException: Failed to start bean 'pool'
                \tat org.springframework.context.support.DefaultLifecycleProcessor.doStart(DefaultLifecycleProcessor.java:408)
                Caused by: io.r2dbc.spi.R2dbcNonTransientResourceException: Connection closed
                \tat org.mariadb.r2dbc.client.SimpleClient.lambda$new$0(SimpleClient.java:101)
                Caused by: java.io.IOException: Connection reset by peer
                \tat java.base/sun.nio.ch.SocketDispatcher.read0(Native Method)
                \t... 67 common frames omitted
                """;

        assertThat(Launch.tailNote(tail)).isEqualTo(" — log: Caused by: java.io.IOException: Connection reset by peer");
    }

    @Test
    void aStartEndingInAPlainLineIsToldByThatLine() {
        assertThat(Launch.tailNote("starting\nport 8080 already in use\n")).isEqualTo(" — log: port 8080 already in use");
        assertThat(Launch.tailNote("  \n")).isEmpty();
    }

    @Test
    void aCellRecordsItsServersStartAsTheStartUsedItsCacheAndATargetsAsUnknown() {
        assertThat(Launch.serverStart(CacheUse.FROM_CACHE)).isEqualTo(ServerStart.CACHE);
        assertThat(Launch.serverStart(CacheUse.TRAINED)).isEqualTo(ServerStart.TRAINING);
        assertThat(Launch.serverStart(CacheUse.NONE)).isEqualTo(ServerStart.COLD);
        try (ServerHandle target = ServerHandle.target("http://127.0.0.1:8080")) {
            assertThat(Launch.serverStart(target)).as("the lab did not start it: not cold").isEqualTo(ServerStart.UNKNOWN);
        }
    }
}
