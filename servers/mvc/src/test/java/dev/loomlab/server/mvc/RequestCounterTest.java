package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The server counts the requests it received on its request port — and not the scrapes that read the count. */
class RequestCounterTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void everyRequestOnTheRequestPortIsCountedAndScrapesAreNot() throws Exception {
        try (RunningMvcServer server = RunningMvcServer.start(true, Dialect.POSTGRES)) {
            String scrape = "http://127.0.0.1:" + server.managementPort() + "/actuator/prometheus";
            double before = counted(scrape);
            for (int i = 0; i < 7; i++) {
                assertThat(get(server.baseUrl() + "/thread-name")).isEqualTo(200);
            }
            assertThat(get(server.baseUrl() + "/block?ms=-1")).as("a refused request was received too").isEqualTo(400);
            counted(scrape);
            assertThat(counted(scrape) - before).isEqualTo(8.0);
        }
    }

    private int get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private double counted(String scrape) throws Exception {
        String text = http.send(HttpRequest.newBuilder(URI.create(scrape)).build(), HttpResponse.BodyHandlers.ofString()).body();
        return text.lines().filter(l -> l.startsWith("loomlab_requests_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
