package dev.loomlab.server.shared;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The contract on Spring MVC with JDBC, for the mvc server (Spring 7) and the legacy one (Spring
 * 5.3) alike: it names no servlet type (javax there, jakarta here), only Spring API both have.
 * Handlers block the request thread on purpose: that is the thread-per-request model the seeds
 * measure, on platform or virtual threads alike.
 */
@RestController
public class BlockingScenarioController {
    private static final String TEXT = MediaType.TEXT_PLAIN_VALUE;

    private final NamedParameterJdbcTemplate jdbc;
    private final Dialect dialect;

    public BlockingScenarioController(NamedParameterJdbcTemplate jdbc, DatabaseDialect databaseDialect) {
        this.jdbc = jdbc;
        this.dialect = databaseDialect.dialect();
    }

    @GetMapping(path = "/thread-name", produces = TEXT)
    String threadName() {
        return Responses.threadName(Thread.currentThread());
    }

    @GetMapping(path = "/block", produces = TEXT)
    String block(@RequestParam Map<String, String> query) throws InterruptedException {
        long ms = ms(Scenarios.BLOCK, query);
        Thread.sleep(ms);
        return Responses.slept(ms);
    }

    @GetMapping(path = "/block-query", produces = TEXT)
    String blockQuery(@RequestParam Map<String, String> query) throws InterruptedException {
        long ms = ms(Scenarios.BLOCK_QUERY, query);
        Thread.sleep(ms);
        Object now = jdbc.queryForObject(Scenarios.BLOCK_QUERY.sql(dialect), Map.of(), Object.class);
        return Responses.sleptThenQueried(ms, now);
    }

    @GetMapping(path = "/slow-query", produces = TEXT)
    String slowQuery(@RequestParam Map<String, String> query) {
        long ms = ms(Scenarios.SLOW_QUERY, query);
        // pg_sleep returns void: read nothing, only wait for the statement to finish.
        jdbc.query(Scenarios.SLOW_QUERY.sql(dialect), Map.of(Scenarios.SECONDS, Responses.seconds(ms)), rs -> null);
        return Responses.dbSlept(ms);
    }

    /** Each parameter's first value, as {@code ServletRequest.getParameter} reads it. */
    private static long ms(Scenario scenario, Map<String, String> query) {
        return scenario.parse(query::get).get("ms");
    }
}
