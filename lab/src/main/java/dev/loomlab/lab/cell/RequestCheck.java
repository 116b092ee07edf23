package dev.loomlab.lab.cell;

import dev.loomlab.load.HttpCall;
import dev.loomlab.load.TlsTrust;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * For a service of the user's own, what the contract check is for the lab's servers: each of the plan's requests is
 * sent once, drawn like under load, and must get its expected status (and, where asked, a body containing a text)
 * before anything is measured. A request that is wrong here would only measure its errors.
 */
public final class RequestCheck {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private RequestCheck() {
    }

    /** Empty when every request was answered as expected; else the first that was not, and how. */
    public static Optional<String> check(String baseUrl, List<HttpCall> calls, TlsTrust trust) {
        try (HttpClient client = HttpClient.newBuilder().sslContext(TlsContexts.of(trust)).connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build()) {
            for (HttpCall call : calls) {
                Optional<String> wrong = check(client, baseUrl, call);
                if (wrong.isPresent()) {
                    return wrong;
                }
            }
            return Optional.empty();
        }
    }

    /**
     * The mix's service time S at low load, for Little's law: each request sent {@value #SAMPLES} times one after the
     * other, the median of its later half (the first warm the server's code up), weighted as the mix sends them.
     * Zero when the service could not be timed (a request unanswered): then no ceiling is claimed.
     */
    public static Duration serviceTime(String baseUrl, List<HttpCall> calls, TlsTrust trust) {
        try (HttpClient client = HttpClient.newBuilder().sslContext(TlsContexts.of(trust)).connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build()) {
            double weighted = 0;
            int weights = 0;
            for (HttpCall call : calls) {
                long[] nanos = new long[SAMPLES];
                for (int i = 0; i < SAMPLES; i++) {
                    long start = System.nanoTime();
                    if (send(client, baseUrl, call) == null) {
                        return Duration.ZERO;
                    }
                    nanos[i] = System.nanoTime() - start;
                }
                long[] later = Arrays.copyOfRange(nanos, SAMPLES / 2, SAMPLES);
                Arrays.sort(later);
                weighted += (double) later[later.length / 2] * call.weight();
                weights += call.weight();
            }
            return Duration.ofNanos(Math.round(weighted / weights));
        }
    }

    private static final int SAMPLES = 40;

    /** Requests drawn from the mix as its load draws them, each call in proportion to its weight. */
    static Supplier<HttpRequest> draws(String baseUrl, List<HttpCall> calls, TlsTrust trust) {
        List<HttpCall> weighted = new ArrayList<>();
        calls.forEach(c -> IntStream.range(0, c.weight()).forEach(i -> weighted.add(c)));
        return () -> {
            HttpCall call = weighted.get(ThreadLocalRandom.current().nextInt(weighted.size()));
            return request(baseUrl, call, call.draw());
        };
    }

    /** The answer to one send of {@code call}, or null when none came. */
    private static HttpResponse<String> send(HttpClient client, String baseUrl, HttpCall call) {
        try {
            return client.send(request(baseUrl, call, call.draw()), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static HttpRequest request(String baseUrl, HttpCall call, Map<String, String> drawn) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(stripSlash(baseUrl) + HttpCall.fill(call.path(), drawn)))
                .timeout(TIMEOUT)
                .method(call.method(), call.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(HttpCall.fill(call.body(), drawn)));
        call.headers().forEach((k, v) -> request.header(k, HttpCall.fill(v, drawn)));
        return request.build();
    }

    private static Optional<String> check(HttpClient client, String baseUrl, HttpCall call) {
        Map<String, String> drawn = call.draw();
        String path = HttpCall.fill(call.path(), drawn);
        String sent = call.name() + " (" + call.method() + " " + path + ")";
        HttpResponse<String> response;
        try {
            response = client.send(request(baseUrl, call, drawn), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return Optional.of(sent + " was not answered: " + e.getClass().getSimpleName() + " " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(sent + " was interrupted");
        }
        if (response.statusCode() != call.status()) {
            return Optional.of(sent + " answered " + response.statusCode() + ", expected " + call.status());
        }
        if (call.bodyContains() != null && !response.body().contains(call.bodyContains())) {
            return Optional.of(sent + " answered a body without '" + call.bodyContains() + "'");
        }
        return Optional.empty();
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
