package dev.loomlab.server.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.Verification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed 000's four scenarios on helidon-virtual against both real databases, checked by the
 * verifier the lab runs before every cell (good answers, and a one-line 400 for every bad
 * parameter), on the virtual thread the model claims.
 */
class HelidonContractTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @ParameterizedTest(name = "on {0}")
    @EnumSource(Dialect.class)
    void keepsTheSeedContractOnAVirtualThreadPerRequest(Dialect dialect) throws Exception {
        try (RunningHelidonServer server = RunningHelidonServer.start(dialect)) {
            Verification v = new ContractVerifier().verify(server.baseUrl(), Scenarios.seeds());

            assertThat(v.failures()).isEmpty();
            assertThat(v.threadKind(ThreadNames.ofThisModule())).isEqualTo(ThreadKind.VIRTUAL);
            long start = System.nanoTime();
            HttpResponse<String> slow = get(server.baseUrl() + "/slow-query?ms=300");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the database itself slept")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(300));
            assertThat(slow.statusCode()).isEqualTo(200);
            assertThat(slow.body()).isEqualTo("db slept 300 ms");
        }
    }

    /**
     * Helidon 4 serves each HTTP/1.1 connection on a virtual thread of its own, one request after
     * another: under a closed load (one connection per VU, one request in flight on each) that is a
     * virtual thread per request in flight, as on mvc-virtual, but the thread outlives the request.
     */
    @Test
    void eachConnectionIsServedByAVirtualThreadOfItsOwn() throws Exception {
        try (RunningHelidonServer server = RunningHelidonServer.start(Dialect.POSTGRES)) {
            HttpClient one = HttpClient.newHttpClient();
            HttpClient other = HttpClient.newHttpClient();
            String first = get(one, server.baseUrl() + "/thread-name").body();
            String again = get(one, server.baseUrl() + "/thread-name").body();
            String second = get(other, server.baseUrl() + "/thread-name").body();

            assertThat(List.of(first, again, second)).allSatisfy(t -> assertThat(ThreadKind.of(t, ThreadNames.ofThisModule())).isEqualTo(ThreadKind.VIRTUAL));
            assertThat(threadId(again)).as("the same kept-alive connection").isEqualTo(threadId(first));
            assertThat(threadId(second)).as("another connection").isNotEqualTo(threadId(first));
        }
    }

    private static String threadId(String threadToString) {
        return threadToString.substring(threadToString.indexOf('#'), threadToString.indexOf(','));
    }

    static HttpResponse<String> get(String url) throws Exception {
        return get(HTTP, url);
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
