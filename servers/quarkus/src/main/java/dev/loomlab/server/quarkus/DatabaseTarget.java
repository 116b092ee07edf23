package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.Dialect;
import java.net.URI;
import java.util.Locale;

/**
 * The database the lab passes, as the Spring servers read it ({@code spring.datasource.url},
 * {@code .username}, {@code .password}, in the environment): the lab launches every JDBC server
 * alike. The reactive mode connects to the same host, port and database with the Vert.x client.
 */
public record DatabaseTarget(Dialect dialect, String jdbcUrl, String host, int port, String database, String user, String password) {

    /** Parses {@code jdbc:postgresql://HOST[:PORT]/DB} or {@code jdbc:mariadb://…} (also {@code jdbc:mysql:}). */
    public static DatabaseTarget of(String jdbcUrl, String user, String password) {
        if (jdbcUrl == null || jdbcUrl.isBlank()) {
            throw new IllegalStateException("spring.datasource.url is not set: pass jdbc:postgresql://HOST:PORT/DB or jdbc:mariadb://HOST:PORT/DB");
        }
        String url = jdbcUrl.strip();
        String lower = url.toLowerCase(Locale.ROOT);
        Dialect dialect;
        int defaultPort;
        if (lower.startsWith("jdbc:postgresql://")) {
            dialect = Dialect.POSTGRES;
            defaultPort = 5432;
        } else if (lower.startsWith("jdbc:mariadb://") || lower.startsWith("jdbc:mysql://")) {
            dialect = Dialect.MARIADB;
            defaultPort = 3306;
        } else {
            throw new IllegalStateException("spring.datasource.url must be a jdbc:postgresql: or jdbc:mariadb: URL, got '"
                    + url.replaceAll("(?i)(password=)[^&;]*", "$1****") + "'");
        }
        URI uri = URI.create(url.substring("jdbc:".length()));
        String path = uri.getPath() == null ? "" : uri.getPath();
        return new DatabaseTarget(dialect, url, uri.getHost(), uri.getPort() < 0 ? defaultPort : uri.getPort(),
                path.startsWith("/") ? path.substring(1) : path, user == null ? "" : user, password == null ? "" : password);
    }

    @Override
    public String toString() {
        return dialect + " " + host + ":" + port + "/" + database + " as " + user;
    }
}
