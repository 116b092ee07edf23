package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/** Plain JDBC: connect through the dialect's driver directly (no DriverManager class-loader games). */
final class Jdbc {

    /** Seconds to wait for a TCP connect / login before giving up. */
    static final int CONNECT_TIMEOUT_SECONDS = 5;

    private Jdbc() {
    }

    static Connection connect(Dialect dialect, String url, String user, String password) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        props.setProperty("password", password == null ? "" : password);
        Driver driver;
        switch (dialect) {
            case POSTGRES -> {
                driver = new org.postgresql.Driver();
                props.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
                props.setProperty("loginTimeout", Integer.toString(2 * CONNECT_TIMEOUT_SECONDS));
            }
            case MARIADB -> {
                driver = new org.mariadb.jdbc.Driver();
                props.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS * 1000));
            }
            default -> throw new IllegalArgumentException("unknown dialect " + dialect);
        }
        Connection connection = driver.connect(url, props);
        if (connection == null) {
            throw new SQLException("the " + dialect.id() + " JDBC driver does not accept this URL (expected jdbc:"
                    + DatabaseEndpoint.scheme(dialect) + "://host:port/database)");
        }
        return connection;
    }

    static Connection connect(DatabaseEndpoint endpoint) throws SQLException {
        return connect(endpoint.dialect(), endpoint.jdbcUrl(), endpoint.user(), endpoint.password());
    }

    /** Runs statements in order on one connection. */
    static void execute(Connection connection, String... statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    /** The product and version from {@code select version()}, e.g. "PostgreSQL 14.22" or "MariaDB 11.4.5". */
    static String serverVersion(Connection connection, Dialect dialect) throws SQLException {
        String raw;
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("select version()")) {
            rs.next();
            raw = rs.getString(1);
        }
        return prettyVersion(dialect, raw);
    }

    static String prettyVersion(Dialect dialect, String raw) {
        if (raw == null) {
            return "unknown version";
        }
        raw = raw.trim();
        return switch (dialect) {
            // "PostgreSQL 14.22 on x86_64-pc-linux-gnu, compiled by ..."
            case POSTGRES -> {
                int on = raw.indexOf(" on ");
                yield on > 0 ? raw.substring(0, on) : raw;
            }
            // "11.4.5-MariaDB" or "11.4.2-MariaDB-ubu2204-log"; a MySQL server says just "8.0.36"
            case MARIADB -> {
                int dash = raw.indexOf('-');
                String number = dash > 0 ? raw.substring(0, dash) : raw;
                yield (raw.contains("MariaDB") ? "MariaDB " : "MySQL ") + number;
            }
        };
    }

    /** One line: the first non-blank message from the error down its causes, newlines folded. */
    static String oneLine(Throwable error) {
        String message = null;
        for (Throwable t = error; t != null && message == null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        if (message == null) {
            message = error.getClass().getSimpleName();
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
