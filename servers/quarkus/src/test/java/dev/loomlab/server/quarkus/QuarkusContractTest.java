package dev.loomlab.server.quarkus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
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
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seed 000's four scenarios on each of the jar's three models against both real databases, checked
 * by the verifier the lab runs before every cell, on the threads each model claims; and the
 * metrics the lab's sampler reads, on the management port.
 */
class QuarkusContractTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static Stream<Arguments> modelsAndDatabases() {
        return Stream.of(Mode.values()).flatMap(mode -> Stream.of(Dialect.values()).map(dialect -> Arguments.of(mode, dialect)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("modelsAndDatabases")
    void keepsTheContractOnTheThreadsItClaims(Mode mode, Dialect dialect) throws Exception {
        try (RunningJar server = RunningJar.start(mode, SharedDatabases.get(dialect))) {
            Verification v = new ContractVerifier().verify(server.baseUrl());
            assertThat(v.failures()).isEmpty();

            ThreadKind expected = switch (mode) {
                case REACTIVE -> ThreadKind.EVENT_LOOP;
                case WORKER -> ThreadKind.PLATFORM_POOL;
                case VIRTUAL -> ThreadKind.VIRTUAL;
            };
            assertThat(v.threadKind(ThreadNames.ofThisModule())).as(mode + " answers on its own kind of thread").isEqualTo(expected);

            long start = System.nanoTime();
            HttpResponse<String> slept = get(server.baseUrl() + "/slow-query?ms=300");
            assertThat(slept.body()).isEqualTo("db slept 300 ms");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the database itself slept").isGreaterThanOrEqualTo(Duration.ofMillis(300));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void publishesThePoolAndCountsRequestsOnTheManagementPort(Mode mode) throws Exception {
        try (RunningJar server = RunningJar.start(mode, SharedDatabases.get(Dialect.POSTGRES))) {
            String before = get(server.prometheusUrl()).body();
            assertThat(metric(before, "loomlab_pool_idle_connections")).as("every connection opened before ready").isEqualTo(10.0);
            assertThat(metric(before, "loomlab_pool_active_connections")).isZero();
            assertThat(metric(before, "loomlab_pool_pending_connections")).isZero();
            assertThat(metric(before, "loomlab_server_errors_total")).as("every kind registered at zero").isZero();

            for (int i = 0; i < 7; i++) {
                assertThat(get(server.baseUrl() + "/thread-name").statusCode()).isEqualTo(200);
            }
            assertThat(get(server.baseUrl() + "/block?ms=-1").statusCode()).as("a refused request was received too").isEqualTo(400);
            get(server.prometheusUrl());
            String after = get(server.prometheusUrl()).body();
            assertThat(metric(after, "loomlab_requests_total") - metric(before, "loomlab_requests_total")).isEqualTo(8.0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void answersAWaitLongerThanThePoolsWithA503PoolTimeout(Mode mode) throws Exception {
        try (RunningJar server = RunningJar.start(mode, SharedDatabases.get(Dialect.POSTGRES),
                "--loomlab.pool-size=1", "--loomlab.pool-timeout-ms=1000")) {
            var holding = HTTP.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/slow-query?ms=3000")).build(),
                    HttpResponse.BodyHandlers.ofString());
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (metric(get(server.prometheusUrl()).body(), "loomlab_pool_active_connections") < 1 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            HttpResponse<String> waited = get(server.baseUrl() + "/slow-query?ms=10");
            assertThat(waited.statusCode()).isEqualTo(503);
            assertThat(waited.body()).startsWith("pool-timeout: ").doesNotContain("\n");
            assertThat(holding.get().statusCode()).isEqualTo(200);
            assertThat(metric(get(server.prometheusUrl()).body(), "loomlab_server_errors_total{kind=\"pool-timeout\"")).isEqualTo(1.0);
        }
    }

    @Test
    void countsTheWorkerThreadsBusyWithARequestAsTomcatDoes() throws Exception {
        try (RunningJar server = RunningJar.start(Mode.WORKER, SharedDatabases.get(Dialect.POSTGRES))) {
            assertThat(metric(get(server.prometheusUrl()).body(), "loomlab_request_threads_busy")).isZero();
            List<CompletableFuture<HttpResponse<String>>> held = IntStream.range(0, 5)
                    .mapToObj(i -> HTTP.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/block?ms=5000")).build(),
                            HttpResponse.BodyHandlers.ofString()))
                    .toList();
            // Five handlers asleep hold five worker threads until they answer; the bound only has to come before that.
            double busy = 0;
            long deadline = System.nanoTime() + Duration.ofMillis(4500).toNanos();
            while (busy < 5 && System.nanoTime() < deadline) {
                Thread.sleep(20);
                busy = metric(get(server.prometheusUrl()).body(), "loomlab_request_threads_busy");
            }
            assertThat(busy).as("five requests asleep on the worker pool").isEqualTo(5.0);
            for (CompletableFuture<HttpResponse<String>> request : held) {
                assertThat(request.get().statusCode()).isEqualTo(200);
            }
            assertThat(metric(get(server.prometheusUrl()).body(), "loomlab_request_threads_busy")).as("all answered").isZero();
        }
    }

    static Stream<Mode> modes() {
        return Stream.of(Mode.values());
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The sum of the samples whose line starts with {@code name} (a name, or a name and its first tag), NaN when absent. */
    private static double metric(String scrape, String name) {
        String tagged = name.contains("{") ? name : name + "{";
        return scrape.lines().filter(l -> l.startsWith(name + " ") || l.startsWith(tagged))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .reduce(Double::sum).orElse(Double.NaN);
    }
}
