package dev.loomlab.server.legacy;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import javax.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The contract on Spring MVC 5.3 (Boot 2.7), handler for handler the mvc server's. Handlers block
 * the request thread on purpose: that is the thread-per-request model the seeds measure, on
 * platform or virtual threads alike.
 */
@RestController
class ScenarioController {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;

    private final NamedParameterJdbcTemplate jdbc;
    private final Dialect dialect;

    ScenarioController(NamedParameterJdbcTemplate jdbc, DatabaseDialect databaseDialect) {
        this.jdbc = jdbc;
        this.dialect = databaseDialect.dialect();
    }

    @GetMapping(path = "/thread-name", produces = TEXT)
    String threadName() {
        return Responses.threadName(Thread.currentThread());
    }

    @GetMapping(path = "/block", produces = TEXT)
    String block(HttpServletRequest request) throws InterruptedException {
        long ms = ms(Scenarios.BLOCK, request);
        Thread.sleep(ms);
        return Responses.slept(ms);
    }

    @GetMapping(path = "/block-query", produces = TEXT)
    String blockQuery(HttpServletRequest request) throws InterruptedException {
        long ms = ms(Scenarios.BLOCK_QUERY, request);
        Thread.sleep(ms);
        Object now = jdbc.queryForObject(Scenarios.BLOCK_QUERY.sql(dialect), Map.of(), Object.class);
        return Responses.sleptThenQueried(ms, now);
    }

    @GetMapping(path = "/slow-query", produces = TEXT)
    String slowQuery(HttpServletRequest request) {
        long ms = ms(Scenarios.SLOW_QUERY, request);
        // pg_sleep returns void: read nothing, only wait for the statement to finish.
        jdbc.query(Scenarios.SLOW_QUERY.sql(dialect), Map.of(Scenarios.SECONDS, Responses.seconds(ms)), rs -> null);
        return Responses.dbSlept(ms);
    }

    private static long ms(Scenario scenario, HttpServletRequest request) {
        return scenario.parse(request::getParameter).get("ms");
    }
}
