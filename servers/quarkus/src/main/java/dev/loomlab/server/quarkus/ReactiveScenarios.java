package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.sqlclient.Tuple;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.CompletionStage;

/**
 * The contract on the Vert.x event loops (quarkus-reactive), handler for handler the webflux
 * server's: every wait is a timer or a reactive SQL query, so nothing here blocks the event loop.
 * Quarkus REST runs a handler that returns a {@link CompletionStage} on the event loop; the one
 * that returns a plain value is marked {@link NonBlocking}, or it would be sent to the worker pool.
 */
@Path("/reactive")
@Produces(MediaType.TEXT_PLAIN)
public class ReactiveScenarios {
    private final Vertx vertx;
    private final Pools pools;

    ReactiveScenarios(Vertx vertx, Pools pools) {
        this.vertx = vertx;
        this.pools = pools;
    }

    @GET
    @Path("/thread-name")
    @NonBlocking
    public String threadName() {
        return Responses.threadName(Thread.currentThread());
    }

    /** A timer instead of a sleep: the event loop serves others while it runs. */
    @GET
    @Path("/block")
    public CompletionStage<String> block(@Context HttpServerRequest request) {
        long ms = ms(Scenarios.BLOCK, request);
        return sleep(ms).map(done -> Responses.slept(ms)).toCompletionStage();
    }

    /** The timer, then {@code select now()}: a connection is held for the query only. */
    @GET
    @Path("/block-query")
    public CompletionStage<String> blockQuery(@Context HttpServerRequest request) {
        long ms = ms(Scenarios.BLOCK_QUERY, request);
        String sql = Scenarios.BLOCK_QUERY.sql(dialect());
        return sleep(ms)
                .compose(done -> pools.reactive().withConnection(c -> c.query(sql).execute()))
                .map(rows -> Responses.sleptThenQueried(ms, rows.iterator().next().getValue(0)))
                .toCompletionStage();
    }

    /** The database sleeps, holding a pooled connection for the whole request. */
    @GET
    @Path("/slow-query")
    public CompletionStage<String> slowQuery(@Context HttpServerRequest request) {
        long ms = ms(Scenarios.SLOW_QUERY, request);
        String sql = Statements.positional(Scenarios.SLOW_QUERY.sql(dialect()), dialect());
        return pools.reactive().withConnection(c -> c.preparedQuery(sql).execute(Tuple.of(Responses.seconds(ms))))
                .map(rows -> Responses.dbSlept(ms))
                .toCompletionStage();
    }

    private Future<Void> sleep(long ms) {
        if (ms == 0) {
            // Vert.x refuses a timer shorter than 1 ms; the contract allows 0.
            return Future.succeededFuture();
        }
        Promise<Void> slept = Promise.promise();
        vertx.setTimer(ms, id -> slept.complete());
        return slept.future();
    }

    private Dialect dialect() {
        return pools.database().dialect();
    }

    /** Throws {@code BadParameterException} (→ 400, see {@link ErrorAnswers}) outside the contract's bounds. */
    private static long ms(Scenario scenario, HttpServerRequest request) {
        return scenario.parse(request::getParam).get("ms");
    }
}
