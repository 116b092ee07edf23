package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Bulkhead;
import dev.loomlab.scenario.CpuWork;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.NativeSleep;
import dev.loomlab.scenario.PerThreadCache;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.verify.Burst;
import dev.loomlab.server.testkit.RunningServletServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The seeds' pitfalls on a real mvc server against a real database, each small and bounded. The
 * test JVM is the build's JDK (25): {@code synchronized} no longer pins there (JEP 491), a native
 * frame still does. JDK 21's pinning is {@link PinningOnJdk21Test}'s.
 */
class PitfallBehaviourTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final long S = 300;

    /** The carriers this test JVM's virtual threads run on (the in-process server has no Launcher). */
    private static int carriers() {
        return Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    }

    /** Four waves' worth of requests if each held a carrier for its whole sleep. */
    private static int fourWaves() {
        return 4 * carriers();
    }

    @Test
    void onJdk24AndLaterSynchronizedNoLongerPinsASleepingVirtualThread() {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, true, Dialect.POSTGRES)) {
            Burst.Result pinned = Burst.fire(server.baseUrl() + "/pinned?ms=" + S, fourWaves(), TIMEOUT);

            assertThat(pinned.ok()).isEqualTo(fourWaves());
            // Pinned, the burst would need 4 x S; unmounted, one S and overhead.
            assertThat(pinned.wallTime()).isLessThan(Duration.ofMillis(3 * S));
        }
    }

    @Test
    void aNativeSleepStillHoldsItsCarrier() {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, true, Dialect.POSTGRES)) {
            Burst.Result locked = Burst.fire(server.baseUrl() + "/locked?ms=" + S, fourWaves(), TIMEOUT);
            Burst.Result nativeSleep = Burst.fire(server.baseUrl() + "/native-pinned?ms=" + S, fourWaves(), TIMEOUT);

            assertThat(NativeSleep.unavailable()).isEmpty();
            assertThat(locked.ok()).isEqualTo(fourWaves());
            assertThat(nativeSleep.ok()).isEqualTo(fourWaves());
            assertThat(locked.wallTime()).isLessThan(Duration.ofMillis(3 * S));
            // carriers at a time: ceil(4 carriers' worth / carriers) = 4 waves of S at least.
            assertThat(nativeSleep.wallTime()).isGreaterThanOrEqualTo(Duration.ofMillis(4 * S - 50));
        }
    }

    @Test
    void aThreadLocalCacheIsReusedOnPooledThreadsAndRebuiltForEveryVirtualThread() throws Exception {
        int requests = 40;
        try (RunningServletServer platform = RunningServletServer.start(MvcServer.class, false, Dialect.POSTGRES)) {
            fresh(platform, requests, HTTP);
            // Once every spare pooled thread has its cache, sequential requests build none.
            assertThat(fresh(platform, requests, HTTP)).as("caches built on a warm pool of threads").isLessThanOrEqualTo(2);
            assertThat(freshOnNewConnections(platform, requests)).as("caches built on a warm pool, one connection per request")
                    .isLessThanOrEqualTo(2);
        }
        try (RunningServletServer virtual = RunningServletServer.start(MvcServer.class, true, Dialect.POSTGRES)) {
            // Each request on its own connection: on a kept-alive one Tomcat may read the next request on the thread that
            // answered the last, and how often depends on timing. A new connection is a new task, hence a new thread.
            long fresh = freshOnNewConnections(virtual, requests);
            assertThat(fresh).as("caches built on a thread per request").isEqualTo(requests);
            // What the lab reads: the server's counter, under its Prometheus name.
            assertThat(counter(virtual, PerThreadCache.PROMETHEUS)).isGreaterThanOrEqualTo(fresh);
        }
    }

    @Test
    void cpuWorkIsTheSameComputationOnTheServerAsHere() throws Exception {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, true, Dialect.POSTGRES)) {
            assertThat(get(server.baseUrl() + "/cpu?work=3").body()).isEqualTo(Responses.worked(3, CpuWork.run(3)));
            assertThat(get(server.baseUrl() + "/cpu?work=0").statusCode()).isEqualTo(400);
        }
    }

    /** Two permits, ten requests of 1 s: two are served, eight are refused at once instead of queueing. */
    @ParameterizedTest
    @EnumSource(Dialect.class)
    void theBulkheadRefusesFastWhatThePoolCannotTake(Dialect dialect) {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, true, dialect, "--loomlab.pool-size=2")) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/slow-query-bulkhead?ms=1000", 10, TIMEOUT);

            assertThat(burst.statusCounts()).containsEntry(200, 2).containsEntry(503, 8);
            assertThat(burst.wallTime()).isLessThan(Duration.ofMillis(2_500));
            assertThat(counter(server, Bulkhead.PROMETHEUS)).isEqualTo(8);
        }
    }

    /**
     * The same without the bulkhead waits for the pool and fails there (the pool's wait cut to
     * 500 ms to stay short): the same 503, but only after the wait, and counted by the server as
     * pool timeouts rather than bulkhead refusals.
     */
    @Test
    void withoutTheBulkheadThePoolQueuesAndTimesOut() {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, true, Dialect.POSTGRES, "--loomlab.pool-size=2",
                "--loomlab.pool-timeout-ms=500")) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/slow-query?ms=1000", 10, TIMEOUT);

            assertThat(burst.statusCounts()).containsEntry(200, 2).containsEntry(503, 8);
            assertThat(burst.wallTime()).isGreaterThanOrEqualTo(Duration.ofMillis(500));
            assertThat(serverErrors(server, "pool-timeout")).isEqualTo(8);
            assertThat(counter(server, Bulkhead.PROMETHEUS)).isZero();
        }
    }

    /** The server's own count of the errors it answered, of one kind (scenario/ServerErrorKind). */
    private static long serverErrors(RunningServletServer server, String kind) {
        try {
            String text = get("http://127.0.0.1:" + server.managementPort() + "/actuator/prometheus").body();
            return text.lines().filter(l -> l.startsWith("loomlab_server_errors_total{") && l.contains("kind=\"" + kind + "\""))
                    .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).findFirst().orElse(-1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Seed 004's POST: every answered write is exactly one row, on both databases. */
    @ParameterizedTest
    @EnumSource(Dialect.class)
    void everySuccessfulWriteIsOneRow(Dialect dialect) throws Exception {
        try (RunningServletServer server = RunningServletServer.start(MvcServer.class, true, dialect)) {
            long before = rows(server);
            Burst.Result burst = Burst.fire("POST", server.baseUrl() + "/write?ms=50", 30, TIMEOUT);

            assertThat(burst.ok()).isEqualTo(30);
            assertThat(rows(server) - before).isEqualTo(30);
            assertThat(get(server.baseUrl() + "/write?ms=50").statusCode()).as("a GET does not write").isEqualTo(405);
        }
    }

    private static long freshOnNewConnections(RunningServletServer server, int requests) throws Exception {
        long fresh = 0;
        for (int i = 0; i < requests; i++) {
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                fresh += fresh(server, 1, client);
            }
        }
        return fresh;
    }

    private static long fresh(RunningServletServer server, int requests, HttpClient client) throws Exception {
        long fresh = 0;
        for (int i = 0; i < requests; i++) {
            String body = client.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/threadlocal?ms=0&kb=16")).timeout(TIMEOUT)
                    .GET().build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(body).matches(dev.loomlab.scenario.Scenarios.THREADLOCAL.responseShape().pattern());
            fresh += body.endsWith("(fresh)") ? 1 : 0;
        }
        return fresh;
    }

    /** A counter's value on the server's /actuator/prometheus, or -1 when it is not there. */
    private static long counter(RunningServletServer server, String name) {
        try {
            String text = get("http://127.0.0.1:" + server.managementPort() + "/actuator/prometheus").body();
            return text.lines().filter(l -> l.startsWith(name + " ") || l.startsWith(name + "{"))
                    .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).findFirst().orElse(-1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long rows(RunningServletServer server) throws Exception {
        return Long.parseLong(get(server.baseUrl() + "/read").body().substring("rows ".length()));
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
