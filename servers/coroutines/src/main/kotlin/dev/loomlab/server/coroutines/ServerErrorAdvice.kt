package dev.loomlab.server.coroutines

import dev.loomlab.scenario.ServerErrorKind
import io.micrometer.core.instrument.MeterRegistry
import io.r2dbc.spi.R2dbcException
import org.springframework.dao.DataAccessException
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.RestControllerAdvice

/**
 * Database failures answered with one line and counted by kind (a Micrometer counter the lab
 * scrapes): the server-side half of the error taxonomy, as in the mvc and webflux servers.
 */
@RestControllerAdvice
class ServerErrorAdvice(private val registry: MeterRegistry) {
    init {
        // Registered at zero so a scrape before the first error already shows every kind.
        ServerErrorKind.entries.forEach { registry.counter(ServerErrorKind.METRIC, "kind", it.id()) }
    }

    @ExceptionHandler(DataAccessException::class, R2dbcException::class)
    fun databaseFailed(e: Exception): ResponseEntity<String> {
        val kind = ServerErrorKind.of(e)
        registry.counter(ServerErrorKind.METRIC, "kind", kind.id()).increment()
        return ResponseEntity.status(kind.status()).contentType(MediaType.TEXT_PLAIN).body(kind.body(e))
    }
}
