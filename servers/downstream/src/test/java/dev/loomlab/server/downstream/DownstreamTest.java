package dev.loomlab.server.downstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class DownstreamTest {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void countsEveryCallAndResetAnswersTheCountItHad() throws Exception {
        try (Downstream d = Downstream.start(0)) {
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                calls.add(http.sendAsync(get(d.url() + "/sleep?ms=50"), HttpResponse.BodyHandlers.ofString()));
            }
            for (var c : calls) {
                assertThat(c.get().statusCode()).isEqualTo(200);
                assertThat(c.get().body()).isEqualTo("slept 50 ms");
            }
            assertThat(body(get(d.url() + "/count"))).isEqualTo("30");
            assertThat(body(HttpRequest.newBuilder(URI.create(d.url() + "/reset")).POST(HttpRequest.BodyPublishers.noBody()).build()))
                    .isEqualTo("30");
            assertThat(body(get(d.url() + "/count"))).isEqualTo("0");
        }
    }

    @Test
    void concurrentSleepsOverlapInsteadOfQueueing() throws Exception {
        try (Downstream d = Downstream.start(0)) {
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                calls.add(http.sendAsync(get(d.url() + "/sleep?ms=500"), HttpResponse.BodyHandlers.ofString()));
            }
            for (var c : calls) {
                assertThat(c.get().statusCode()).isEqualTo(200);
            }
            // 200 x 500 ms one after another would be 100 s; overlapped it is ~0.5 s (tolerant: a loaded box).
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(d.calls()).isEqualTo(200);
        }
    }

    @Test
    void refusesAnUnboundedSleep() throws Exception {
        try (Downstream d = Downstream.start(0)) {
            HttpResponse<String> r = http.send(get(d.url() + "/sleep?ms=60001"), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.body()).contains("between 0 and 60000");
        }
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build();
    }

    private String body(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }
}
