package dev.loomlab.server.mvc;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** A real mvc server on an ephemeral port against a real embedded database; closing it stops it. */
final class RunningMvcServer implements AutoCloseable {
    private final ConfigurableApplicationContext context;

    private RunningMvcServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static RunningMvcServer start(boolean virtualThreads, Dialect dialect, String... extraArgs) {
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
        return new RunningMvcServer(new SpringApplicationBuilder(MvcServer.class).run(args.toArray(String[]::new)));
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
