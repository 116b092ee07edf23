package dev.loomlab.server.mvc;

import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import jakarta.servlet.http.HttpServletRequest;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Seed 003's fan-out on Spring MVC: each request calls the downstream server twice with a
 * blocking {@link RestClient}. The request thread (platform or virtual, the model's) waits;
 * the parallel variant waits for two virtual threads instead of one call after the other.
 *
 * <p>StructuredTaskScope would be the JDK's own way to fork the two calls, but it is a preview
 * API on every JDK the lab runs (21 to 25, JEP 505 is still a preview): using it would bind the
 * jar to one JDK's {@code --enable-preview}, so the parallel variant uses CompletableFuture.
 */
@RestController
class FanOutController {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;

    private final RestClient downstream;
    private final boolean configured;
    // A new virtual thread per call, not a pool: the seeds' advice, and no limit of its own.
    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();

    FanOutController(@Value("${" + FanOut.DOWNSTREAM_URL_PROPERTY + ":}") String downstreamUrl) {
        this.configured = !downstreamUrl.isBlank();
        // The JDK's HttpClient: HTTP/1.1, an unbounded connection pool (like the webflux side's, sized in
        // its FanOutController), and the same 60 s timeout as the lab's requests.
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build());
        factory.setReadTimeout(Duration.ofSeconds(60));
        this.downstream = RestClient.builder().baseUrl(configured ? downstreamUrl : "http://127.0.0.1:9").requestFactory(factory).build();
    }

    @GetMapping(path = "/fan-out-sequential", produces = TEXT)
    ResponseEntity<String> sequential(HttpServletRequest request) {
        long ms = ms(Scenarios.FAN_OUT_SEQUENTIAL, request);
        if (!configured) {
            return notConfigured();
        }
        String first = call(ms);
        String second = call(ms);
        return ResponseEntity.ok(Responses.calledDownstream(ms, "sequential", first, second));
    }

    @GetMapping(path = "/fan-out-parallel", produces = TEXT)
    ResponseEntity<String> parallel(HttpServletRequest request) {
        long ms = ms(Scenarios.FAN_OUT_PARALLEL, request);
        if (!configured) {
            return notConfigured();
        }
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> call(ms), calls);
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> call(ms), calls);
        return ResponseEntity.ok(Responses.calledDownstream(ms, "parallel", first.join(), second.join()));
    }

    /**
     * Seed 003's mistake in imperative dress, on purpose: the first call is prepared and never
     * made, yet the answer reads as if both ran. Only the downstream's count can tell.
     */
    @GetMapping(path = "/fan-out-unsubscribed", produces = TEXT)
    ResponseEntity<String> unsubscribed(HttpServletRequest request) {
        long ms = ms(Scenarios.FAN_OUT_UNSUBSCRIBED, request);
        if (!configured) {
            return notConfigured();
        }
        Supplier<String> first = () -> call(ms);
        String second = call(ms);
        return ResponseEntity.ok(Responses.calledDownstream(ms, "parallel", second, second));
    }

    private String call(long ms) {
        return downstream.get().uri(FanOut.SLEEP_PATH + "?ms={ms}", ms).retrieve().body(String.class);
    }

    private static ResponseEntity<String> notConfigured() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .body("no downstream server: start the server with --" + FanOut.DOWNSTREAM_URL_PROPERTY + "=http://HOST:PORT");
    }

    private static long ms(Scenario scenario, HttpServletRequest request) {
        return scenario.parse(request::getParameter).get("ms");
    }
}
