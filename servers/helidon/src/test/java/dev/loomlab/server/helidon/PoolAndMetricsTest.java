package dev.loomlab.server.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The pool's wait and the metrics the lab's sampler reads, under the names the descriptor declares. */
class PoolAndMetricsTest {
    private static final Pattern METRIC = Pattern.compile("(?m)^\\s+(?:active|idle|pending|timeouts):\\s+(\\w+)");

    @Test
    void aRequestThatWaitsLongerThanThePoolsWaitIsA503PoolTimeoutAndCounted() throws Exception {
        try (RunningHelidonServer server = RunningHelidonServer.start(Dialect.POSTGRES,
                "--loomlab.pool-size=1", "--loomlab.pool-timeout-ms=300");
             ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            // One connection, held 1.5 s by one request: the other waits 300 ms for it, then fails.
            List<CompletableFuture<HttpResponse<String>>> answers = List.of(
                    CompletableFuture.supplyAsync(() -> slowQuery(server), clients),
                    CompletableFuture.supplyAsync(() -> slowQuery(server), clients));

            List<HttpResponse<String>> done = answers.stream().map(CompletableFuture::join).toList();
            assertThat(done).extracting(HttpResponse::statusCode).containsExactlyInAnyOrder(200, 503);
            assertThat(done).filteredOn(r -> r.statusCode() == 503).singleElement()
                    .satisfies(r -> assertThat(r.body()).startsWith("pool-timeout: ").doesNotContain("\n"));
            String scrape = HelidonContractTest.get(server.scrapeUrl()).body();
            assertThat(scrape).contains("loomlab_server_errors_total{kind=\"pool-timeout\"} 1.0")
                    .containsPattern("hikaricp_connections_timeout_total\\{pool=\"loomlab\"} 1.0");
        }
    }

    @Test
    void theScrapeHasEveryMetricTheDescriptorNamesAndTheSamplersJvmFigures() throws Exception {
        String descriptor = Files.readString(Path.of("loomlab-server.yaml"));
        Matcher names = METRIC.matcher(descriptor);
        try (RunningHelidonServer server = RunningHelidonServer.start(Dialect.MARIADB)) {
            String scrape = HelidonContractTest.get(server.scrapeUrl()).body();

            int declared = 0;
            while (names.find()) {
                declared++;
                assertThat(scrape).containsPattern("(?m)^" + names.group(1) + "[{ ]");
            }
            assertThat(declared).as("active, idle, pending, timeouts").isEqualTo(4);
            assertThat(scrape).containsPattern("(?m)^hikaricp_connections_idle\\{pool=\"loomlab\"} 10.0")
                    .contains("jvm_memory_used_bytes{area=\"heap\"", "jvm_threads_live_threads", "jvm_threads_virtual_pinned_seconds_count");
        }
    }

    private static HttpResponse<String> slowQuery(RunningHelidonServer server) {
        try {
            return HelidonContractTest.get(server.baseUrl() + "/slow-query?ms=1500");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
