package dev.loomlab.server.coroutines

import dev.loomlab.scenario.Dialect
import dev.loomlab.scenario.Responses
import dev.loomlab.scenario.Scenario
import dev.loomlab.scenario.Scenarios
import kotlinx.coroutines.delay
import kotlinx.coroutines.reactive.awaitSingle
import org.springframework.http.MediaType
import org.springframework.http.server.reactive.ServerHttpRequest
import org.springframework.r2dbc.core.DatabaseClient
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RestController

/**
 * The contract as `suspend` functions, handler for handler the webflux server's. Spring starts
 * each one on the event loop that read the request; every wait suspends the coroutine (a
 * `delay` timer, an R2DBC query awaited through kotlinx-coroutines-reactor) instead of blocking
 * a thread, and each awaited step runs before the next, in the order the code reads.
 */
@RestController
class ScenarioController(private val db: DatabaseClient, databaseDialect: DatabaseDialect) {
    private val dialect: Dialect = databaseDialect.dialect()

    /** Runs on the Reactor Netty event loop itself (`reactor-http-nio-N`): nothing suspends. */
    @GetMapping(path = ["/thread-name"], produces = [TEXT])
    suspend fun threadName(): String = Responses.threadName(Thread.currentThread())

    /** `delay` suspends on a timer: no thread waits. */
    @GetMapping(path = ["/block"], produces = [TEXT])
    suspend fun block(request: ServerHttpRequest): String {
        val ms = ms(Scenarios.BLOCK, request)
        delay(ms)
        return Responses.slept(ms)
    }

    /** The timer, then `select now()`: a connection is held for the query only. */
    @GetMapping(path = ["/block-query"], produces = [TEXT])
    suspend fun blockQuery(request: ServerHttpRequest): String {
        val ms = ms(Scenarios.BLOCK_QUERY, request)
        delay(ms)
        // The value as text: what the webflux server's body shows (String.valueOf of the driver's value).
        val now: String = db.sql(Scenarios.BLOCK_QUERY.sql(dialect)).map { row -> row.get(0).toString() }.one().awaitSingle()
        return Responses.sleptThenQueried(ms, now)
    }

    /** The database sleeps, holding a pooled connection for the whole request. */
    @GetMapping(path = ["/slow-query"], produces = [TEXT])
    suspend fun slowQuery(request: ServerHttpRequest): String {
        val ms = ms(Scenarios.SLOW_QUERY, request)
        // pg_sleep returns void: decode nothing, only drain the result until the statement ends.
        db.sql(Scenarios.SLOW_QUERY.sql(dialect))
            .bind(Scenarios.SECONDS, Responses.seconds(ms))
            .fetch().rowsUpdated()
            .awaitSingle()
        return Responses.dbSlept(ms)
    }

    /** Throws `BadParameterException` (→ 400, see [BadParameterAdvice]) outside the contract's bounds. */
    private fun ms(scenario: Scenario, request: ServerHttpRequest): Long =
        scenario.parse { name -> request.queryParams.getFirst(name) }.getValue("ms")

    private companion object {
        const val TEXT = MediaType.TEXT_PLAIN_VALUE
    }
}
