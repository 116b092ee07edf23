package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a database listens and how to log in, for JDBC and R2DBC alike.
 *
 * <p>{@link #toString()} and {@link #describe()} never show the password: it is masked as {@code ****}, both the
 * {@code password} component and any password that a URL carries ({@code ?password=...} or {@code user:pass@}).
 *
 * @param dialect  which SQL dialect the server speaks
 * @param jdbcUrl  e.g. {@code jdbc:postgresql://127.0.0.1:5432/loomlab}
 * @param r2dbcUrl e.g. {@code r2dbc:postgresql://127.0.0.1:5432/loomlab}; if {@code null} it is derived from the
 *                 JDBC URL's scheme, host, port and database (query parameters are not carried over)
 * @param user     login user
 * @param password login password (may be empty, not {@code null})
 */
public record DatabaseEndpoint(Dialect dialect, String jdbcUrl, String r2dbcUrl, String user, String password) {

    static final String MASK = "****";

    /** {@code jdbc:<scheme>://<authority>/<database>} with an optional query; group 1 = scheme, 2 = rest up to query. */
    private static final Pattern JDBC_URL = Pattern.compile("^jdbc:([a-z0-9]+)://([^?;]*)(.*)$", Pattern.CASE_INSENSITIVE);

    private static final Pattern URL_USERINFO_PASSWORD = Pattern.compile("(://[^/@:?#]*:)([^/@?#]*)(@)");
    private static final Pattern URL_PASSWORD_PARAMETER =
            Pattern.compile("((?:^|[?&;])(?:password|pass|pwd)=)([^&;]*)", Pattern.CASE_INSENSITIVE);

    public DatabaseEndpoint {
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        password = password == null ? "" : password;
        if (r2dbcUrl == null) {
            r2dbcUrl = deriveR2dbcUrl(dialect, jdbcUrl);
        }
    }

    /**
     * The endpoint of a server at {@code host:port} with the given database, in the URL shapes the lab uses:
     * {@code jdbc:postgresql://host:port/db} / {@code r2dbc:postgresql://host:port/db}, and the same with
     * {@code mariadb}.
     */
    public static DatabaseEndpoint of(Dialect dialect, String host, int port, String database, String user,
            String password) {
        String scheme = scheme(dialect);
        String hostPort = (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
        return new DatabaseEndpoint(dialect,
                "jdbc:" + scheme + "://" + hostPort + "/" + database,
                "r2dbc:" + scheme + "://" + hostPort + "/" + database,
                user, password);
    }

    /** The dialect and the JDBC URL with any password masked, e.g. {@code postgres jdbc:postgresql://127.0.0.1:5432/loomlab}. */
    public String describe() {
        return dialect.id() + " " + maskUrl(jdbcUrl);
    }

    @Override
    public String toString() {
        return "DatabaseEndpoint[dialect=" + dialect.id()
                + ", jdbcUrl=" + maskUrl(jdbcUrl)
                + ", r2dbcUrl=" + maskUrl(r2dbcUrl)
                + ", user=" + user
                + ", password=" + MASK + "]";
    }

    /** The URL scheme JDBC and R2DBC use for a dialect: {@code postgresql} or {@code mariadb}. */
    static String scheme(Dialect dialect) {
        return switch (dialect) {
            case POSTGRES -> "postgresql";
            case MARIADB -> "mariadb";
        };
    }

    /** A URL with the password in {@code user:password@} or in a {@code password=} parameter replaced by {@code ****}. */
    public static String maskUrl(String url) {
        if (url == null) {
            return null;
        }
        String masked = URL_USERINFO_PASSWORD.matcher(url).replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3");
        return URL_PASSWORD_PARAMETER.matcher(masked).replaceAll("$1" + Matcher.quoteReplacement(MASK));
    }

    private static String deriveR2dbcUrl(Dialect dialect, String jdbcUrl) {
        Matcher m = JDBC_URL.matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("cannot derive an R2DBC URL from " + maskUrl(jdbcUrl)
                    + " (expected jdbc:" + scheme(dialect) + "://host:port/database); pass r2dbcUrl explicitly");
        }
        String scheme = scheme(dialect);
        // drop user:password@ from the authority: R2DBC gets user and password from the endpoint
        String rest = m.group(2).replaceFirst("^[^/@]*@", "");
        return "r2dbc:" + scheme + "://" + rest;
    }
}
