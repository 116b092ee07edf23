package dev.loomlab.server.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.server.downstream.Downstream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Seed 003's fan-out on WebFlux against a real downstream server, under BlockHound: the calls each variant really makes. */
class FanOutTest {
    private static final long MS = 300;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void blockHound() {
        BlockHoundSupport.install();
    }

    @AfterEach
    void nothingBlockedAnEventLoop() {
        assertThat(BlockHoundSupport.violations()).as("blocking calls on non-blocking threads").isEmpty();
    }

    @Test
    void eachVariantMakesTheCallsItClaims() throws Exception {
        try (Downstream downstream = Downstream.start(0);
             RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 10,
                     "--" + FanOut.DOWNSTREAM_URL_PROPERTY + "=" + downstream.url())) {
            assertThat(new ContractVerifier().verify(server.baseUrl(), List.of(
                    Scenarios.FAN_OUT_SEQUENTIAL, Scenarios.FAN_OUT_PARALLEL, Scenarios.FAN_OUT_UNSUBSCRIBED)).failures()).isEmpty();

            long before = downstream.calls();
            Duration sequential = timeOf(server.baseUrl() + "/fan-out-sequential?ms=" + MS);
            assertThat(downstream.calls() - before).isEqualTo(2);
            assertThat(sequential).isGreaterThanOrEqualTo(Duration.ofMillis(2 * MS));

            before = downstream.calls();
            Duration parallel = timeOf(server.baseUrl() + "/fan-out-parallel?ms=" + MS);
            assertThat(downstream.calls() - before).isEqualTo(2);
            assertThat(parallel).isGreaterThanOrEqualTo(Duration.ofMillis(MS)).isLessThan(sequential);

            before = downstream.calls();
            timeOf(server.baseUrl() + "/fan-out-unsubscribed?ms=" + MS);
            assertThat(downstream.calls() - before).as("the bug on purpose: the first call is never made").isEqualTo(1);
        }
    }

    @Test
    void withoutADownstreamAFanOutSaysSoAndStillChecksItsParameters() throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 10)) {
            HttpResponse<String> r = http.send(get(server.baseUrl() + "/fan-out-parallel?ms=10"), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(r.body()).contains(FanOut.DOWNSTREAM_URL_PROPERTY);
            assertThat(http.send(get(server.baseUrl() + "/fan-out-parallel?ms=-1"), HttpResponse.BodyHandlers.ofString()).statusCode())
                    .isEqualTo(400);
        }
    }

    private Duration timeOf(String url) throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> r = http.send(get(url), HttpResponse.BodyHandlers.ofString());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).startsWith("called downstream 2 x " + MS + " ms");
        return took;
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build();
    }
}
