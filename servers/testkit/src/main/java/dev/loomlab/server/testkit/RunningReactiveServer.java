package dev.loomlab.server.testkit;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real R2DBC server (webflux or coroutines: the same properties, a different application
 * class), in this JVM, on an ephemeral port against a real embedded database.
 */
public class RunningReactiveServer extends RunningSpringServer {

    protected RunningReactiveServer(ConfigurableApplicationContext context) {
        super(context);
    }

    /** Runs {@code application} with the lab's standard arguments, then {@code extraArgs}. */
    protected static ConfigurableApplicationContext run(Class<?> application, Dialect dialect, int poolSize, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--loomlab.pool-size=" + poolSize));
        args.addAll(databaseArgs(dialect));
        args.addAll(List.of(extraArgs));
        return run(application, args.toArray(String[]::new));
    }

    /** The standard properties the lab passes. */
    public static List<String> databaseArgs(Dialect dialect) {
        DatabaseEndpoint db = SharedDatabases.get(dialect);
        return List.of(
                "--spring.r2dbc.url=" + db.r2dbcUrl(),
                "--spring.r2dbc.username=" + db.user(),
                "--spring.r2dbc.password=" + db.password());
    }
}
