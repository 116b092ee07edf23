package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.server.shared.DatabaseDialect;
import java.time.Duration;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The contract on Spring WebFlux, handler for handler the servlet servers' {@code BlockingScenarioController}.
 * Every wait is a timer ({@code Mono.delay}) or an R2DBC query, so nothing here blocks the event
 * loop; and every {@code Mono} built is part of the chain returned — seed 003's WebFlux variant
 * "took 10 s" only because one of its calls was never subscribed.
 */
@RestController
class ScenarioController {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;

    private final DatabaseClient db;
    private final Dialect dialect;

    ScenarioController(DatabaseClient db, DatabaseDialect databaseDialect) {
        this.db = db;
        this.dialect = databaseDialect.dialect();
    }

    /** Runs on the Reactor Netty event loop itself ({@code reactor-http-nio-N}). */
    @GetMapping(path = "/thread-name", produces = TEXT)
    Mono<String> threadName() {
        return Mono.just(Responses.threadName(Thread.currentThread()));
    }

    /** A timer instead of a sleep: the event loop serves others while it runs. */
    @GetMapping(path = "/block", produces = TEXT)
    Mono<String> block(ServerHttpRequest request) {
        long ms = ms(Scenarios.BLOCK, request);
        return Mono.delay(Duration.ofMillis(ms)).thenReturn(Responses.slept(ms));
    }

    /** The timer, then {@code select now()}: a connection is held for the query only. */
    @GetMapping(path = "/block-query", produces = TEXT)
    Mono<String> blockQuery(ServerHttpRequest request) {
        long ms = ms(Scenarios.BLOCK_QUERY, request);
        return Mono.delay(Duration.ofMillis(ms))
                .then(db.sql(Scenarios.BLOCK_QUERY.sql(dialect)).map(row -> row.get(0)).one())
                .map(now -> Responses.sleptThenQueried(ms, now));
    }

    /** The database sleeps, holding a pooled connection for the whole request. */
    @GetMapping(path = "/slow-query", produces = TEXT)
    Mono<String> slowQuery(ServerHttpRequest request) {
        long ms = ms(Scenarios.SLOW_QUERY, request);
        // pg_sleep returns void: decode nothing, only drain the result until the statement ends.
        return db.sql(Scenarios.SLOW_QUERY.sql(dialect))
                .bind(Scenarios.SECONDS, Responses.seconds(ms))
                .fetch().rowsUpdated()
                .thenReturn(Responses.dbSlept(ms));
    }

    /** Throws {@code BadParameterException} (→ 400, see the shared {@code BadParameterAdvice}) outside the contract's bounds. */
    private static long ms(Scenario scenario, ServerHttpRequest request) {
        return scenario.parse(request.getQueryParams()::getFirst).get("ms");
    }
}
