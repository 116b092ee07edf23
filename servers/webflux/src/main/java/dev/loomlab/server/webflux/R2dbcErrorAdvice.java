package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.ServerErrorAdvice;
import io.r2dbc.spi.R2dbcException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * R2DBC's own failures (e.g. r2dbc-pool's acquire timeout, which Spring's exception translation
 * does not wrap) answered and counted like every other database failure, by the shared advice.
 */
@RestControllerAdvice
class R2dbcErrorAdvice {
    private final ServerErrorAdvice errors;

    R2dbcErrorAdvice(ServerErrorAdvice errors) {
        this.errors = errors;
    }

    @ExceptionHandler(R2dbcException.class)
    ResponseEntity<String> r2dbcFailed(R2dbcException e) {
        return errors.databaseFailed(e);
    }
}
