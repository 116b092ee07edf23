package dev.loomlab.server.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.CpuWork;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.verify.Burst;
import dev.loomlab.server.testkit.BlockHoundSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The pitfalls WebFlux serves, on a real server and database, with BlockHound watching the event loops. */
class WebfluxPitfallTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @BeforeAll
    static void watchTheEventLoops() {
        BlockHoundSupport.install();
    }

    @AfterEach
    void nothingBlockedAnEventLoop() {
        assertThat(BlockHoundSupport.violations()).as("blocking calls on non-blocking threads").isEmpty();
    }

    @Test
    void theBlockingPitfallsAreNotServedAndTheLabIsToldWhy() throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 4)) {
            assertThat(get(server.baseUrl() + "/pinned?ms=10").statusCode()).isEqualTo(404);
            assertThat(get(server.baseUrl() + "/locked?ms=10").statusCode()).isEqualTo(404);
            // The lab is told why by this module's loomlab-server.yaml (scenarios.except).
        }
    }

    /** A few long-lived timer threads format every request: their caches are built once. */
    @Test
    void theThreadLocalCacheIsReusedOnTheFewReactorThreads() throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 4)) {
            for (int i = 0; i < 20; i++) {
                get(server.baseUrl() + "/threadlocal?ms=0&kb=16");
            }
            long fresh = 0;
            for (int i = 0; i < 20; i++) {
                fresh += get(server.baseUrl() + "/threadlocal?ms=0&kb=16").body().endsWith("(fresh)") ? 1 : 0;
            }
            assertThat(fresh).isLessThanOrEqualTo(2);
        }
    }

    @Test
    void cpuWorkIsTheSameComputationAsOnMvc() throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(Dialect.POSTGRES, 4)) {
            assertThat(get(server.baseUrl() + "/cpu?work=3").body()).isEqualTo(Responses.worked(3, CpuWork.run(3)));
        }
    }

    /** No wait on an event loop: what finds no permit is refused at once. */
    @ParameterizedTest
    @EnumSource(Dialect.class)
    void theBulkheadRefusesAtOnceWhatThePoolCannotTake(Dialect dialect) {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(dialect, 2)) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/slow-query-bulkhead?ms=1000", 10, TIMEOUT);

            assertThat(burst.statusCounts()).containsEntry(200, 2).containsEntry(503, 8);
            assertThat(burst.wallTime()).isLessThan(Duration.ofMillis(2_500));
            // Every permit came back: the next request is served.
            assertThat(Burst.fire(server.baseUrl() + "/slow-query-bulkhead?ms=10", 2, TIMEOUT).ok()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void everySuccessfulWriteIsOneRow(Dialect dialect) throws Exception {
        try (RunningWebfluxServer server = RunningWebfluxServer.start(dialect, 4)) {
            long before = rows(server);
            Burst.Result burst = Burst.fire("POST", server.baseUrl() + "/write?ms=50", 30, TIMEOUT);

            assertThat(burst.ok()).isEqualTo(30);
            assertThat(rows(server) - before).isEqualTo(30);
        }
    }

    private static long rows(RunningWebfluxServer server) throws Exception {
        return Long.parseLong(get(server.baseUrl() + "/read").body().substring("rows ".length()));
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
