package dev.loomlab.server.helidon;

import dev.loomlab.scenario.BadParameterException;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.ServerErrorKind;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerResponse;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.SQLException;

/**
 * The contract's error answers, as the Spring servers' advice gives them: a parameter outside the
 * contract is a 400 with one line; a database failure is answered with one line and counted by
 * kind ({@code loomlab_server_errors_total}), so a cell can say "pool timeouts" rather than "HTTP 500s".
 */
final class ErrorAnswers {
    private final MeterRegistry registry;

    ErrorAnswers(MeterRegistry registry) {
        this.registry = registry;
        // Registered at zero so a scrape before the first error already shows every kind.
        for (ServerErrorKind kind : ServerErrorKind.values()) {
            registry.counter(ServerErrorKind.METRIC, "kind", kind.id());
        }
    }

    void register(HttpRouting.Builder routing) {
        routing.error(BadParameterException.class, (req, res, e) -> answer(res, Status.BAD_REQUEST_400, Responses.badParameter(e)))
                .error(SQLException.class, (req, res, e) -> databaseFailed(res, e));
    }

    private void databaseFailed(ServerResponse res, SQLException e) {
        ServerErrorKind kind = ServerErrorKind.of(e);
        registry.counter(ServerErrorKind.METRIC, "kind", kind.id()).increment();
        answer(res, Status.create(kind.status()), kind.body(e));
    }

    private static void answer(ServerResponse res, Status status, String body) {
        res.status(status);
        ScenarioRoutes.text(res, body);
    }
}
