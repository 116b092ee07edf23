package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The server counts the requests it received on its request port (loomlab_requests_total) — and
 * not the scrapes that read the count. The same meter on every Boot 4 server.
 */
public final class RequestCounting {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private RequestCounting() {
    }

    public static void everyRequestOnTheRequestPortIsCountedAndScrapesAreNot(String baseUrl, int managementPort) throws Exception {
        String scrape = "http://127.0.0.1:" + managementPort + "/actuator/prometheus";
        double before = counted(scrape);
        for (int i = 0; i < 7; i++) {
            assertThat(get(baseUrl + "/thread-name")).isEqualTo(200);
        }
        assertThat(get(baseUrl + "/block?ms=-1")).as("a refused request was received too").isEqualTo(400);
        counted(scrape);
        assertThat(counted(scrape) - before).isEqualTo(8.0);
    }

    private static int get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static double counted(String scrape) throws Exception {
        String text = HTTP.send(HttpRequest.newBuilder(URI.create(scrape)).build(), HttpResponse.BodyHandlers.ofString()).body();
        return text.lines().filter(l -> l.startsWith("loomlab_requests_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
