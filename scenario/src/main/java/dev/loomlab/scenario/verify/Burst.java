package dev.loomlab.scenario.verify;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * N requests fired at once; the answer is the time until the last one completes — the
 * shape of seed 004 ("600 requests of 2 s: ~6 s on platform threads, ~3 s on virtual threads").
 * Deliberately small and bounded: a behavioural probe for tests, not a load engine.
 */
public final class Burst {
    private Burst() {
    }

    public record Result(int requests, Duration wallTime, Map<Integer, Integer> statusCounts, int failures) {
        public int ok() {
            return statusCounts.getOrDefault(200, 0);
        }
    }

    public static Result fire(String url, int requests, Duration timeout) {
        return fire("GET", url, requests, timeout);
    }

    /** The same with another method (e.g. seed 004's POST), with an empty body. */
    public static Result fire(String method, String url, int requests, Duration timeout) {
        if (requests <= 0 || requests > 10_000) {
            throw new IllegalArgumentException("requests must be between 1 and 10000, got " + requests);
        }
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            HttpClient http = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .executor(executor)
                    .connectTimeout(timeout)
                    .build();
            HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                    .method(method, HttpRequest.BodyPublishers.noBody()).build();
            long start = System.nanoTime();
            List<CompletableFuture<Integer>> calls = new ArrayList<>(requests);
            for (int i = 0; i < requests; i++) {
                calls.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                        .thenApply(HttpResponse::statusCode)
                        .exceptionally(e -> -1));
            }
            Map<Integer, Integer> counts = new TreeMap<>();
            int failures = 0;
            for (CompletableFuture<Integer> call : calls) {
                int status = call.join();
                if (status < 0) {
                    failures++;
                } else {
                    counts.merge(status, 1, Integer::sum);
                }
            }
            return new Result(requests, Duration.ofNanos(System.nanoTime() - start), counts, failures);
        }
    }
}
