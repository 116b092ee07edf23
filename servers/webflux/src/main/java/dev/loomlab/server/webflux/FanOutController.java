package dev.loomlab.server.webflux;

import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Seed 003's fan-out on WebFlux: each request calls the downstream server twice with
 * {@link WebClient}, without blocking an event loop.
 */
@RestController
class FanOutController {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;

    private final WebClient downstream;
    private final boolean configured;

    FanOutController(@Value("${" + FanOut.DOWNSTREAM_URL_PROPERTY + ":}") String downstreamUrl) {
        this.configured = !downstreamUrl.isBlank();
        // Reactor Netty's default client pool is max(cores, 8) x 2 = 16 connections with a bounded
        // queue: at 500 VUs x 2 calls that pool, not the model, would be measured. Sized like the mvc
        // side's JDK HttpClient, which has no limit; the same 60 s response timeout.
        ConnectionProvider pool = ConnectionProvider.builder("loomlab-downstream")
                .maxConnections(20_000).pendingAcquireMaxCount(-1).build();
        HttpClient http = HttpClient.create(pool).responseTimeout(Duration.ofSeconds(60));
        this.downstream = WebClient.builder().baseUrl(configured ? downstreamUrl : "http://127.0.0.1:9")
                .clientConnector(new ReactorClientHttpConnector(http)).build();
    }

    /** The second call starts when the first has answered: S = 2 x ms. */
    @GetMapping(path = "/fan-out-sequential", produces = TEXT)
    Mono<ResponseEntity<String>> sequential(ServerHttpRequest request) {
        long ms = ms(Scenarios.FAN_OUT_SEQUENTIAL, request);
        if (!configured) {
            return notConfigured();
        }
        return call(ms).flatMap(first -> call(ms).map(second ->
                ResponseEntity.ok(Responses.calledDownstream(ms, "sequential", first, second))));
    }

    /** Both calls subscribed at once by {@code Mono.zip}: S = ms. */
    @GetMapping(path = "/fan-out-parallel", produces = TEXT)
    Mono<ResponseEntity<String>> parallel(ServerHttpRequest request) {
        long ms = ms(Scenarios.FAN_OUT_PARALLEL, request);
        if (!configured) {
            return notConfigured();
        }
        return Mono.zip(call(ms), call(ms))
                .map(both -> ResponseEntity.ok(Responses.calledDownstream(ms, "parallel", both.getT1(), both.getT2())));
    }

    /**
     * Seed 003's WebFlux bug, kept on purpose: the first {@code Mono} is built but never part of
     * the chain returned, so nothing subscribes to it and its call never happens. The answer
     * reads as if both ran and comes after one call: "twice as fast". Only the downstream's
     * count tells, and the lab's fan-out check must flag it.
     */
    @GetMapping(path = "/fan-out-unsubscribed", produces = TEXT)
    Mono<ResponseEntity<String>> unsubscribed(ServerHttpRequest request) {
        long ms = ms(Scenarios.FAN_OUT_UNSUBSCRIBED, request);
        if (!configured) {
            return notConfigured();
        }
        Mono<String> first = call(ms);
        Mono<String> second = call(ms);
        return second.map(body -> ResponseEntity.ok(Responses.calledDownstream(ms, "parallel", body, body)));
    }

    private Mono<String> call(long ms) {
        return downstream.get().uri(FanOut.SLEEP_PATH + "?ms={ms}", ms).retrieve().bodyToMono(String.class);
    }

    private static Mono<ResponseEntity<String>> notConfigured() {
        return Mono.just(ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .body("no downstream server: start the server with --" + FanOut.DOWNSTREAM_URL_PROPERTY + "=http://HOST:PORT"));
    }

    /** Throws {@code BadParameterException} (→ 400) outside the contract's bounds. */
    private static long ms(Scenario scenario, ServerHttpRequest request) {
        return scenario.parse(request.getQueryParams()::getFirst).get("ms");
    }
}
