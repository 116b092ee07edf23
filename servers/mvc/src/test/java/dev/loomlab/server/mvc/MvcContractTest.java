package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Model;
import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.Verification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every scenario on both mvc models against both real databases. */
class MvcContractTest {

    static Stream<Arguments> modelsAndDatabases() {
        return Stream.of(
                Arguments.of(false, Dialect.POSTGRES, ThreadKind.TOMCAT_PLATFORM),
                Arguments.of(false, Dialect.MARIADB, ThreadKind.TOMCAT_PLATFORM),
                Arguments.of(true, Dialect.POSTGRES, ThreadKind.VIRTUAL),
                Arguments.of(true, Dialect.MARIADB, ThreadKind.VIRTUAL));
    }

    @ParameterizedTest(name = "virtual={0} on {1}")
    @MethodSource("modelsAndDatabases")
    void keepsTheContractOnTheThreadsItClaims(boolean virtual, Dialect dialect, ThreadKind expected) throws Exception {
        try (RunningMvcServer server = RunningMvcServer.start(virtual, dialect)) {
            Verification v = new ContractVerifier().verify(server.baseUrl(), virtual ? Model.MVC_VIRTUAL : Model.MVC_PLATFORM);

            assertThat(v.failures()).isEmpty();
            assertThat(v.threadKind()).isEqualTo(expected);
            assertThat(timeOf(server.baseUrl() + "/slow-query?ms=300"))
                    .as("the database itself slept")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(300));
        }
    }

    private static Duration timeOf(String url) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long start = System.nanoTime();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("db slept 300 ms");
        return took;
    }
}
