package dev.loomlab.server.testkit;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments a test starts a servlet server (mvc or legacy: the same properties) with. Plain
 * Java, so that the Boot 2.7 legacy server's tests can share it with the Boot 4 mvc server's.
 */
public final class ServletServerArgs {

    private ServletServerArgs() {
    }

    /** An ephemeral port, the thread model, the JDBC database, a small pool; then {@code extraArgs}. */
    public static String[] of(boolean virtualThreads, Dialect dialect, String... extraArgs) {
        DatabaseEndpoint db = SharedDatabases.get(dialect);
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.threads.virtual.enabled=" + virtualThreads,
                "--spring.datasource.url=" + db.jdbcUrl(),
                "--spring.datasource.username=" + db.user(),
                "--spring.datasource.password=" + db.password(),
                // Small pools: several servers share one test database.
                "--loomlab.pool-size=10"));
        // Spring joins a property given twice ("10,2"): an extra argument replaces the default of the same key.
        for (String extra : extraArgs) {
            String key = extra.substring(0, extra.indexOf('=') + 1);
            args.removeIf(a -> a.startsWith(key));
            args.add(extra);
        }
        return args.toArray(String[]::new);
    }
}
