package dev.loomlab.server.shared;

import dev.loomlab.scenario.Dialect;
import java.util.Locale;

/**
 * Which of the contract's SQL dialects a server speaks, read once from the database URL the lab
 * passes: {@code spring.datasource.url} (JDBC: {@code jdbc:postgresql:}, {@code jdbc:mariadb:} or
 * {@code jdbc:mysql:}) or {@code spring.r2dbc.url} (R2DBC: {@code r2dbc:postgresql:}, the driver's
 * alias {@code r2dbc:postgres:}, or {@code r2dbc:mariadb:}, optionally behind {@code r2dbc:pool:}).
 */
public final class DatabaseDialect {
    private final Dialect dialect;
    private final String url;

    private DatabaseDialect(Dialect dialect, String url) {
        this.dialect = dialect;
        this.url = url;
    }

    /** From {@code spring.datasource.url}; refuses a missing or foreign URL. */
    public static DatabaseDialect ofJdbcUrl(String url) {
        return new DatabaseDialect(jdbc(url), url);
    }

    /** From {@code spring.r2dbc.url}; refuses a missing or foreign URL. */
    public static DatabaseDialect ofR2dbcUrl(String url) {
        return new DatabaseDialect(of(url), url);
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The URL without its password, for logs. */
    public String url() {
        return withoutPassword(url);
    }

    /** The dialect of a JDBC URL. */
    public static Dialect jdbc(String url) {
        String u = normalised(url, "spring.datasource.url", "jdbc:postgresql://HOST:PORT/DB or jdbc:mariadb://HOST:PORT/DB");
        if (u.startsWith("jdbc:postgresql:")) {
            return Dialect.POSTGRES;
        }
        if (u.startsWith("jdbc:mariadb:") || u.startsWith("jdbc:mysql:")) {
            return Dialect.MARIADB;
        }
        throw new IllegalStateException("spring.datasource.url must be a jdbc:postgresql: or jdbc:mariadb: URL, got '"
                + withoutPassword(url) + "'");
    }

    /** The dialect of an R2DBC URL. */
    public static Dialect of(String url) {
        String u = normalised(url, "spring.r2dbc.url", "r2dbc:postgresql://HOST:PORT/DB or r2dbc:mariadb://HOST:PORT/DB");
        if (u.startsWith("r2dbc:pool:")) {
            u = "r2dbc:" + u.substring("r2dbc:pool:".length());
        }
        if (u.startsWith("r2dbc:postgresql:") || u.startsWith("r2dbc:postgres:")) {
            return Dialect.POSTGRES;
        }
        if (u.startsWith("r2dbc:mariadb:")) {
            return Dialect.MARIADB;
        }
        throw new IllegalStateException("spring.r2dbc.url must be an r2dbc:postgresql: or r2dbc:mariadb: URL, got '"
                + withoutPassword(url) + "'");
    }

    /** Masks a password given as {@code user:secret@} or as a {@code password=} option. */
    public static String withoutPassword(String url) {
        if (url == null) {
            return "";
        }
        return url.replaceAll("(//[^/?#@:]*):[^/?#@]*@", "$1:****@")
                .replaceAll("(?i)([?&;]password=)[^&;]*", "$1****");
    }

    private static String normalised(String url, String property, String example) {
        if (url == null || url.isBlank()) {
            throw new IllegalStateException(property + " is not set: pass --" + property + "=" + example);
        }
        return url.strip().toLowerCase(Locale.ROOT);
    }
}
