package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;
import java.sql.Connection;
import java.util.Objects;

/**
 * Real databases for the lab: an embedded PostgreSQL or MariaDB that this JVM starts (and stops), or a server of
 * your own.
 *
 * <p>Embedded servers listen on 127.0.0.1 only and have a database {@code loomlab} that the user {@code loomlab}
 * (password {@code loomlab}) owns. They never outlive this JVM: {@link RunningDatabase#close()} or, failing that,
 * a shutdown hook stops them and deletes their temporary data directory, and a small guard process does the same if
 * the JVM is killed outright.
 */
public final class Databases {

    private Databases() {
    }

    /** Starts an embedded server with {@link EmbeddedOptions#defaults()}: 600 connections, a free port, temp data. */
    public static RunningDatabase startEmbedded(Dialect dialect) {
        return startEmbedded(dialect, EmbeddedOptions.defaults());
    }

    /** Starts an embedded server; blocks until it accepts the {@code loomlab} user over JDBC. */
    public static RunningDatabase startEmbedded(Dialect dialect, EmbeddedOptions options) {
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(options, "options");
        return switch (dialect) {
            case POSTGRES -> EmbeddedPostgresServer.start(options);
            case MARIADB -> EmbeddedMariaDbServer.start(options);
        };
    }

    /**
     * A server of your own: connects once over JDBC to check it is there and to read its version.
     *
     * @throws IllegalArgumentException if the JDBC URL is not one of the dialect's
     * @throws IllegalStateException    one line, e.g. {@code cannot connect to mariadb at jdbc:mariadb://...: <cause>},
     *                                  if it cannot connect (within about 5 s)
     */
    public static RunningDatabase external(DatabaseEndpoint endpoint) {
        Objects.requireNonNull(endpoint, "endpoint");
        String scheme = DatabaseEndpoint.scheme(endpoint.dialect());
        String url = endpoint.jdbcUrl();
        if (!url.startsWith("jdbc:" + scheme + ":")) {
            throw new IllegalArgumentException("a " + endpoint.dialect().id() + " endpoint needs a jdbc:" + scheme
                    + ":// URL, got " + DatabaseEndpoint.maskUrl(url));
        }
        try (Connection connection = Jdbc.connect(endpoint)) {
            String version = Jdbc.serverVersion(connection, endpoint.dialect());
            return new ExternalDatabase(endpoint, "external " + version);
        } catch (Exception e) {
            throw new IllegalStateException("cannot connect to " + endpoint.dialect().id() + " at "
                    + DatabaseEndpoint.maskUrl(url) + ": " + Jdbc.oneLine(e), e);
        }
    }
}
