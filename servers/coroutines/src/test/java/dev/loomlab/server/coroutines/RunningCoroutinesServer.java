package dev.loomlab.server.coroutines;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** A real coroutines server, in this JVM, on an ephemeral port against a real embedded database. */
final class RunningCoroutinesServer implements AutoCloseable {
    private final ConfigurableApplicationContext context;

    private RunningCoroutinesServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static RunningCoroutinesServer start(Dialect dialect, int poolSize, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--loomlab.pool-size=" + poolSize));
        args.addAll(databaseArgs(dialect));
        args.addAll(List.of(extraArgs));
        return new RunningCoroutinesServer(new SpringApplicationBuilder(CoroutinesServer.class).run(args.toArray(String[]::new)));
    }

    /** The standard properties the lab passes. */
    static List<String> databaseArgs(Dialect dialect) {
        DatabaseEndpoint db = SharedDatabases.get(dialect);
        return List.of(
                "--spring.r2dbc.url=" + db.r2dbcUrl(),
                "--spring.r2dbc.username=" + db.user(),
                "--spring.r2dbc.password=" + db.password());
    }

    ConfigurableApplicationContext context() {
        return context;
    }

    int port() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    /** Actuator's own port (management.server.port). */
    int managementPort() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.management.port"));
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    @Override
    public void close() {
        context.close();
    }
}
