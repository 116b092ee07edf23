package dev.loomlab.server.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.ListenBacklog;
import dev.loomlab.server.shared.ReadyLine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The server in its own JVM, as the lab starts it: the start line, the ready line, a busy port. */
class WebfluxProcessTest {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    @Test
    void announcesItselfAndRefusesABusyPort() throws Exception {
        // A backlog no kernel or Netty default would produce, to see the setting take effect.
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--loomlab.pool-size=4", "--loomlab.accept-backlog=1234"));
        args.addAll(RunningWebfluxServer.databaseArgs(Dialect.POSTGRES));

        try (ServerProcess first = ServerProcess.start(args)) {
            String baseUrl = first.awaitReady(START_TIMEOUT);
            System.out.println("webflux server process ready after " + first.sinceStart().toMillis() + " ms");

            assertThat(baseUrl).matches("http://127\\.0\\.0\\.1:\\d+");
            assertThat(first.output()).containsPattern("(?m)loomlab server model=webflux jdk=\\S+ \\(.+\\) virtualThreads=false "
                    + "eventLoopThreads=\\d+ pool=4 db=postgres r2dbc:postgresql://\\S+$");
            assertThat(first.output().lines().filter(l -> l.contains("loomlab server model="))).hasSize(1);
            assertThat(ThreadKind.of(new ContractVerifier().thread(baseUrl), ThreadNames.ofThisModule())).isEqualTo(ThreadKind.EVENT_LOOP);

            int port = Integer.parseInt(baseUrl.substring(baseUrl.lastIndexOf(':') + 1));
            OptionalInt backlog = ListenBacklog.of(port);
            if (backlog.isPresent() && ListenBacklog.somaxconn() >= 1234) {
                assertThat(backlog.getAsInt()).as("accept backlog").isEqualTo(1234);
            }

            List<String> busy = new ArrayList<>(args);
            busy.set(0, "--server.port=" + port);
            try (ServerProcess second = ServerProcess.start(busy)) {
                int exit = second.awaitExit(START_TIMEOUT);

                assertThat(exit).as("exit status on a busy port").isNotZero();
                // Spring Boot's failure analysis: "Web server failed to start. Port N was already in use."
                assertThat(second.output())
                        .containsPattern("Port " + port + " (was|is) already in use")
                        .doesNotContain(ReadyLine.PREFIX);
            }
        }
    }
}
