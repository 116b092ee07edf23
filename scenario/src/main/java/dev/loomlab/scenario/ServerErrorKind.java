package dev.loomlab.scenario;

import java.util.Locale;
import java.util.Set;

/**
 * What went wrong inside a server, as every model counts it: the client only sees an HTTP 5xx or
 * a timeout, and the seeds could not tell a request that waited 30 s for one of 150 connections
 * from one the database refused. Classified by class name along the cause chain, so this module
 * needs neither Hikari nor R2DBC on its classpath.
 */
public enum ServerErrorKind {
    /** No pooled connection within the pool's wait (Hikari's SQLTransientConnectionException, r2dbc-pool's acquire timeout). */
    POOL_TIMEOUT(503, "no database connection within the pool's wait"),
    /** The database or its driver failed the statement. */
    DB_ERROR(500, "database error"),
    /** Anything else the server could not answer. */
    OTHER(500, "server error");

    /** The name of the counter each server increments, tagged {@code kind}. */
    public static final String METRIC = "loomlab.server.errors";

    private static final Set<String> POOL_TIMEOUTS = Set.of(
            "java.sql.SQLTransientConnectionException",
            "io.r2dbc.pool.PoolAcquireTimeoutException",
            "reactor.pool.PoolAcquireTimeoutException",
            "org.springframework.jdbc.CannotGetJdbcConnectionException");
    private static final Set<String> DB_ERRORS = Set.of(
            "java.sql.SQLException",
            "io.r2dbc.spi.R2dbcException",
            "org.springframework.dao.DataAccessException");

    private final int status;
    private final String meaning;

    ServerErrorKind(int status, String meaning) {
        this.status = status;
        this.meaning = meaning;
    }

    /** The tag value and the word reports use: pool-timeout, db-error, other. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The HTTP status a server answers with: 503 when waiting longer could have helped, else 500. */
    public int status() {
        return status;
    }

    public String meaning() {
        return meaning;
    }

    /** The most specific kind anywhere on the cause chain: a pool timeout wrapped in a data-access exception is a pool timeout. */
    public static ServerErrorKind of(Throwable error) {
        ServerErrorKind found = OTHER;
        int depth = 0;
        for (Throwable t = error; t != null && depth < 32; t = t.getCause(), depth++) {
            if (isA(t, POOL_TIMEOUTS) || isR2dbcPoolTimeout(t)) {
                return POOL_TIMEOUT;
            }
            if (isA(t, DB_ERRORS)) {
                found = DB_ERROR;
            }
        }
        return found;
    }

    /** The one-line body of such an answer: the kind and the innermost message, never a stack trace. */
    public String body(Throwable error) {
        Throwable root = error;
        int depth = 0;
        while (root.getCause() != null && root.getCause() != root && depth++ < 32) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return id() + ": " + message.lines().findFirst().orElse("").strip();
    }

    /**
     * r2dbc-pool 1.0 reports its max-acquire-time as an R2dbcTimeoutException caused by the
     * Reactor {@code timeout()}'s TimeoutException; a statement timeout from the driver has no such cause.
     */
    private static boolean isR2dbcPoolTimeout(Throwable t) {
        return isA(t, Set.of("io.r2dbc.spi.R2dbcTimeoutException"))
                && t.getCause() instanceof java.util.concurrent.TimeoutException;
    }

    private static boolean isA(Throwable t, Set<String> names) {
        for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
            if (names.contains(c.getName())) {
                return true;
            }
        }
        return false;
    }
}
