package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Bulkhead;
import dev.loomlab.scenario.CpuWork;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.PerThreadCache;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.server.shared.DatabaseDialect;
import io.micrometer.core.instrument.MeterRegistry;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Result;
import java.time.Duration;
import java.util.Date;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The seeds' pitfalls on WebFlux, where they mean something: the ThreadLocal cache (on the few
 * long-lived timer and event-loop threads), CPU work on an event loop, the bulkhead and the write.
 * {@code pinned}, {@code locked} and {@code native-pinned} are not served here: they block, and a
 * blocked event loop is a bug, not a model (this module's loomlab-server.yaml tells the lab why).
 */
@RestController
class PitfallController implements ApplicationRunner {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;

    private final DatabaseClient db;
    private final Dialect dialect;
    private final Bulkhead bulkhead;

    private final ConnectionFactory connectionFactory;

    PitfallController(DatabaseClient db, DatabaseDialect databaseDialect, @Value("${loomlab.pool-size}") int poolSize,
                      MeterRegistry registry, ConnectionFactory connectionFactory) {
        this.db = db;
        this.connectionFactory = connectionFactory;
        this.dialect = databaseDialect.dialect();
        this.bulkhead = new Bulkhead(poolSize);
        registry.more().counter(Bulkhead.METER, java.util.List.of(), bulkhead, Bulkhead::refused);
        registry.more().counter(PerThreadCache.METER, java.util.List.of(), this, c -> PerThreadCache.created());
    }

    /**
     * The write scenario's table exists before the ready line (on the main thread: blocking is fine
     * here). On a connection of its own, outside the pool: a first acquire from r2dbc-pool starts
     * its warm-up in the background, and connections still authenticating while requests arrive
     * made r2dbc-mariadb park an event loop on its client lock (BlockHound caught it).
     */
    @Override
    public void run(ApplicationArguments args) {
        ConnectionFactory direct = connectionFactory instanceof ConnectionPool pool ? pool.unwrap() : connectionFactory;
        Mono.usingWhen(Mono.from(direct.create()),
                        c -> Flux.from(c.createStatement(Scenarios.WRITES_DDL.get(dialect)).execute())
                                .flatMap(Result::getRowsUpdated).then(),
                        Connection::close)
                .block(Duration.ofSeconds(30));
    }

    /** The formatting runs on the timer's thread after the delay: a handful of threads, so the cache is reused. */
    @GetMapping(path = "/threadlocal", produces = TEXT)
    Mono<String> threadLocal(ServerHttpRequest request) {
        Map<String, Long> args = Scenarios.THREADLOCAL.parse(request.getQueryParams()::getFirst);
        return Mono.delay(Duration.ofMillis(args.get("ms")))
                .map(x -> PerThreadCache.format(args.get("ms"), args.get("kb"), new Date()));
    }

    /** CPU work on the event loop itself: what a WebFlux handler that computes does, with max(cores, 4) loops. */
    @GetMapping(path = "/cpu", produces = TEXT)
    Mono<String> cpu(ServerHttpRequest request) {
        long units = Scenarios.CPU.parse(request.getQueryParams()::getFirst).get("work");
        return Mono.fromSupplier(() -> Responses.worked(units, CpuWork.run(units)));
    }

    /**
     * The bulkhead without the wait: an event loop must not block on a semaphore, so a request
     * that finds no free permit is refused at once (mvc waits up to {@code Bulkhead.WAIT_MS}).
     */
    @GetMapping(path = "/slow-query-bulkhead", produces = TEXT)
    Mono<ResponseEntity<String>> slowQueryBulkhead(ServerHttpRequest request) {
        long ms = Scenarios.SLOW_QUERY_BULKHEAD.parse(request.getQueryParams()::getFirst).get("ms");
        // The permit is taken on subscription, so a chain that is never subscribed cannot leak one.
        return Mono.defer(() -> {
            if (!bulkhead.tryEnterNow()) {
                return Mono.just(ResponseEntity.status(Scenarios.BULKHEAD_FULL).contentType(MediaType.TEXT_PLAIN)
                        .body(bulkhead.refusal()));
            }
            return db.sql(Scenarios.SLOW_QUERY_BULKHEAD.sql(dialect))
                    .bind(Scenarios.SECONDS, Responses.seconds(ms))
                    .fetch().rowsUpdated()
                    .thenReturn(ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(Responses.dbSlept(ms)))
                    // Released however the request ends: answered, failed or cancelled by a closed connection.
                    .doFinally(signal -> bulkhead.leave());
        });
    }

    @PostMapping(path = "/write", produces = TEXT)
    Mono<String> write(ServerHttpRequest request) {
        long ms = Scenarios.WRITE.parse(request.getQueryParams()::getFirst).get("ms");
        return Mono.delay(Duration.ofMillis(ms))
                .then(db.sql(Scenarios.WRITE.sql(dialect)).bind("ms", ms).fetch().rowsUpdated())
                .map(rows -> {
                    if (rows != 1) {
                        throw new IllegalStateException("insert wrote " + rows + " rows");
                    }
                    return Responses.wrote(ms);
                });
    }

    @GetMapping(path = "/read", produces = TEXT)
    Mono<String> read() {
        return db.sql(Scenarios.READ.sql(dialect)).map(row -> row.get(0, Long.class)).one()
                .map(n -> Responses.rows(n == null ? 0 : n));
    }
}
