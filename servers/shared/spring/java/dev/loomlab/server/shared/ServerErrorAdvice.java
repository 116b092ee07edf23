package dev.loomlab.server.shared;

import dev.loomlab.scenario.ServerErrorKind;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.SQLException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Database failures answered with one line and counted by kind (a Micrometer counter the lab
 * scrapes), so a cell can say "264 pool timeouts" rather than "264 HTTP 500s": the server-side
 * half of the error taxonomy. A server whose driver throws its own exception type outside
 * Spring's translation (R2DBC) hands it to {@link #databaseFailed} from an advice of its own.
 */
@RestControllerAdvice
public class ServerErrorAdvice {
    private final MeterRegistry registry;

    public ServerErrorAdvice(MeterRegistry registry) {
        this.registry = registry;
        // Registered at zero so a scrape before the first error already shows every kind.
        for (ServerErrorKind kind : ServerErrorKind.values()) {
            registry.counter(ServerErrorKind.METRIC, "kind", kind.id());
        }
    }

    @ExceptionHandler({DataAccessException.class, SQLException.class})
    public ResponseEntity<String> databaseFailed(Exception e) {
        ServerErrorKind kind = ServerErrorKind.of(e);
        registry.counter(ServerErrorKind.METRIC, "kind", kind.id()).increment();
        return ResponseEntity.status(kind.status()).contentType(MediaType.TEXT_PLAIN).body(kind.body(e));
    }
}
