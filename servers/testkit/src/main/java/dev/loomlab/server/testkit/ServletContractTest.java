package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import dev.loomlab.scenario.verify.Verification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scenario on a servlet server's two models (platform and virtual threads) against both
 * real databases, checked by the same verifier the lab runs before every cell. Shared by mvc
 * (Boot 4) and legacy (Boot 2.7, which runs this with its own JUnit 5.8 and AssertJ 3.22): so it
 * names no Spring type and only JUnit and AssertJ API both versions have.
 */
public abstract class ServletContractTest {

    /** Starts the server on a database, on virtual threads ({@code true}) or Tomcat's platform pool. */
    public interface Starter {
        RunningServer start(boolean virtual, Dialect dialect);
    }

    private final Starter starter;
    private final BiFunction<String, Boolean, Verification> verifyContract;

    /**
     * @param verifyContract verifies a base URL against the contract the model (virtual or not)
     *     claims: its model's scenarios, or the seeds'
     */
    protected ServletContractTest(Starter starter, BiFunction<String, Boolean, Verification> verifyContract) {
        this.starter = starter;
        this.verifyContract = verifyContract;
    }

    static Stream<Arguments> modelsAndDatabases() {
        return Stream.of(
                Arguments.of(false, Dialect.POSTGRES, ThreadKind.PLATFORM_POOL),
                Arguments.of(false, Dialect.MARIADB, ThreadKind.PLATFORM_POOL),
                Arguments.of(true, Dialect.POSTGRES, ThreadKind.VIRTUAL),
                Arguments.of(true, Dialect.MARIADB, ThreadKind.VIRTUAL));
    }

    @ParameterizedTest(name = "virtual={0} on {1}")
    @MethodSource("modelsAndDatabases")
    void keepsTheContractOnTheThreadsItClaims(boolean virtual, Dialect dialect, ThreadKind expected) throws Exception {
        try (RunningServer server = starter.start(virtual, dialect)) {
            Verification v = verifyContract.apply(server.baseUrl(), virtual);

            assertThat(v.failures()).isEmpty();
            assertThat(v.threadKind(ThreadNames.ofThisModule())).isEqualTo(expected);
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
