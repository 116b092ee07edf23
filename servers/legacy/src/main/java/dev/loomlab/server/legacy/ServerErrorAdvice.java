package dev.loomlab.server.legacy;

import io.micrometer.core.instrument.MeterRegistry;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Database failures answered with one line and counted by kind, like the other servers'
 * advice. This jar runs on JDK 17 and cannot load the scenario module (release 21), so it
 * repeats the two kinds a JDBC server can meet from {@code scenario/ServerErrorKind}: the same
 * counter name, tag values, statuses and body shape.
 */
@RestControllerAdvice
class ServerErrorAdvice {
    private static final String METRIC = "loomlab.server.errors";
    private final MeterRegistry registry;

    ServerErrorAdvice(MeterRegistry registry) {
        this.registry = registry;
        for (String kind : new String[] {"pool-timeout", "db-error", "other"}) {
            registry.counter(METRIC, "kind", kind);
        }
    }

    @ExceptionHandler({DataAccessException.class, SQLException.class})
    ResponseEntity<String> databaseFailed(Exception e) {
        boolean poolTimeout = false;
        Throwable root = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            poolTimeout |= t instanceof SQLTransientConnectionException;
            root = t;
        }
        String kind = poolTimeout ? "pool-timeout" : "db-error";
        registry.counter(METRIC, "kind", kind).increment();
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage().lines().findFirst().orElse("");
        return ResponseEntity.status(poolTimeout ? 503 : 500).contentType(MediaType.TEXT_PLAIN).body(kind + ": " + message.strip());
    }
}
