package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import io.vertx.core.http.HttpServerRequest;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The contract with handlers that block their thread on purpose, as the mvc server's do: the
 * thread-per-request model, on the worker pool ({@link WorkerScenarios}) or on a virtual thread
 * ({@link VirtualScenarios}). Those two classes say only where their handlers run, and each declares the four
 * resource methods itself: Quarkus REST reads the thread annotation from the class that declares a method, so
 * methods inherited from a shared superclass ran on the worker pool under {@code @RunOnVirtualThread} (tried:
 * QuarkusContractTest failed on the virtual mode).
 */
final class BlockingScenarios {
    private final Pools pools;

    BlockingScenarios(Pools pools) {
        this.pools = pools;
    }

    String threadName() {
        return Responses.threadName(Thread.currentThread());
    }

    String block(HttpServerRequest request) throws InterruptedException {
        long ms = ms(Scenarios.BLOCK, request);
        Thread.sleep(ms);
        return Responses.slept(ms);
    }

    String blockQuery(HttpServerRequest request) throws InterruptedException, SQLException {
        long ms = ms(Scenarios.BLOCK_QUERY, request);
        Thread.sleep(ms);
        try (var connection = pools.jdbc().connection();
             var statement = connection.createStatement();
             ResultSet rs = statement.executeQuery(Scenarios.BLOCK_QUERY.sql(dialect()))) {
            rs.next();
            return Responses.sleptThenQueried(ms, rs.getObject(1));
        }
    }

    String slowQuery(HttpServerRequest request) throws SQLException {
        long ms = ms(Scenarios.SLOW_QUERY, request);
        try (var connection = pools.jdbc().connection();
             PreparedStatement statement = connection.prepareStatement(Statements.jdbc(Scenarios.SLOW_QUERY.sql(dialect())))) {
            statement.setDouble(1, Responses.seconds(ms));
            // pg_sleep returns void: read nothing, only wait for the statement to finish.
            statement.execute();
            return Responses.dbSlept(ms);
        }
    }

    private Dialect dialect() {
        return pools.database().dialect();
    }

    /** Throws {@code BadParameterException} (→ 400, see {@link ErrorAnswers}) outside the contract's bounds. */
    private static long ms(Scenario scenario, HttpServerRequest request) {
        return scenario.parse(request::getParam).get("ms");
    }
}
