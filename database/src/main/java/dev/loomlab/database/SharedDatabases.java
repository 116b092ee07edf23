package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One embedded server per dialect per JVM, started on first use and stopped by a shutdown hook: for other modules'
 * tests, which share it (keep their pools small).
 *
 * <p>To test against a server of your own instead, set the system properties {@code loomlab.db.<id>.url} (a JDBC
 * URL) and optionally {@code loomlab.db.<id>.user} / {@code loomlab.db.<id>.password} (default loomlab/loomlab for such an external server; an embedded one's password is its own),
 * where {@code <id>} is {@code postgres} or {@code mariadb}.
 */
public final class SharedDatabases {

    private static final Map<Dialect, Object> LOCKS = new EnumMap<>(Dialect.class);
    private static final Map<Dialect, RunningDatabase> RUNNING = new ConcurrentHashMap<>();

    static {
        for (Dialect dialect : Dialect.values()) {
            LOCKS.put(dialect, new Object());
        }
    }

    private SharedDatabases() {
    }

    /** The endpoint of this JVM's shared server for the dialect, starting it on first use (seconds). */
    public static DatabaseEndpoint get(Dialect dialect) {
        return database(dialect).endpoint();
    }

    static RunningDatabase database(Dialect dialect) {
        RunningDatabase running = RUNNING.get(dialect);
        if (running != null) {
            return running;
        }
        synchronized (LOCKS.get(dialect)) { // one start per dialect; the two dialects may start in parallel
            running = RUNNING.get(dialect);
            if (running == null) {
                running = open(dialect);
                RUNNING.put(dialect, running);
            }
            return running;
        }
    }

    private static RunningDatabase open(Dialect dialect) {
        String prefix = "loomlab.db." + dialect.id() + ".";
        String url = System.getProperty(prefix + "url");
        if (url != null && !url.isBlank()) {
            return Databases.external(new DatabaseEndpoint(dialect, url, System.getProperty(prefix + "r2dbc-url"),
                    System.getProperty(prefix + "user", EmbeddedServer.USER),
                    System.getProperty(prefix + "password", "loomlab")));
        }
        // EmbeddedServer registers the shutdown hook that stops it
        return Databases.startEmbedded(dialect);
    }
}
