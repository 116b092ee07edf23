package dev.loomlab.server.helidon;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The contract's seed scenarios on Helidon: each handler blocks the virtual thread Helidon 4 runs the
 * request's connection on, one request at a time: with one request in flight per connection (the
 * lab's closed load), the thread-per-request model the seeds measure, with JDBC.
 * Parameter errors and database failures are answered by {@link ErrorAnswers}.
 */
final class ScenarioRoutes implements HttpService {
    private final DataSource dataSource;
    private final PositionalSql now;
    private final PositionalSql dbSleep;

    ScenarioRoutes(DataSource dataSource, Dialect dialect) {
        this.dataSource = dataSource;
        this.now = PositionalSql.of(Scenarios.BLOCK_QUERY.sql(dialect));
        this.dbSleep = PositionalSql.of(Scenarios.SLOW_QUERY.sql(dialect));
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(Scenarios.THREAD_NAME.path(), (req, res) -> text(res, Responses.threadName(Thread.currentThread())))
                .get(Scenarios.BLOCK.path(), this::block)
                .get(Scenarios.BLOCK_QUERY.path(), this::blockQuery)
                .get(Scenarios.SLOW_QUERY.path(), this::slowQuery);
    }

    private void block(ServerRequest req, ServerResponse res) throws InterruptedException {
        long ms = ms(Scenarios.BLOCK, req);
        Thread.sleep(ms);
        text(res, Responses.slept(ms));
    }

    private void blockQuery(ServerRequest req, ServerResponse res) throws InterruptedException, SQLException {
        long ms = ms(Scenarios.BLOCK_QUERY, req);
        Thread.sleep(ms);
        Object dbNow;
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement(now.sql());
             ResultSet rs = s.executeQuery()) {
            rs.next();
            dbNow = rs.getObject(1);
        }
        text(res, Responses.sleptThenQueried(ms, dbNow));
    }

    private void slowQuery(ServerRequest req, ServerResponse res) throws SQLException {
        long ms = ms(Scenarios.SLOW_QUERY, req);
        Object[] values = dbSleep.values(Map.of(Scenarios.SECONDS, Responses.seconds(ms)));
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(dbSleep.sql())) {
            for (int i = 0; i < values.length; i++) {
                s.setObject(i + 1, values[i]);
            }
            // pg_sleep returns void: read nothing, only wait for the statement to finish.
            s.executeQuery().close();
        }
        text(res, Responses.dbSlept(ms));
    }

    static void text(ServerResponse res, String body) {
        res.header(HeaderValues.CONTENT_TYPE_TEXT_PLAIN);
        res.send(body);
    }

    /** The query's first value of each parameter, as the servlet servers read it. */
    private static long ms(Scenario scenario, ServerRequest req) {
        return scenario.parse(name -> req.query().first(name).orElse(null)).get("ms");
    }
}
