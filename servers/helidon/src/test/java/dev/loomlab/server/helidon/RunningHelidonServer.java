package dev.loomlab.server.helidon;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RunningServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The Helidon server in this JVM, on ephemeral ports against a real embedded database. */
final class RunningHelidonServer implements RunningServer {
    private final HelidonServer server;

    private RunningHelidonServer(HelidonServer server) {
        this.server = server;
    }

    /** A small pool (several servers share one test database), then {@code extraArgs}. */
    static RunningHelidonServer start(Dialect dialect, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--loomlab.pool-size=10"));
        args.addAll(List.of(extraArgs));
        return new RunningHelidonServer(HelidonServer.start(ServerArgs.parse(args.toArray(String[]::new), environment(dialect)::get)));
    }

    /** The database as the lab hands it over: in the environment, as Spring Boot reads it. */
    static Map<String, String> environment(Dialect dialect) {
        DatabaseEndpoint db = SharedDatabases.get(dialect);
        return Map.of("SPRING_DATASOURCE_URL", db.jdbcUrl(), "SPRING_DATASOURCE_USERNAME", db.user(),
                "SPRING_DATASOURCE_PASSWORD", db.password());
    }

    @Override
    public int port() {
        return server.port();
    }

    int managementPort() {
        return server.managementPort();
    }

    String scrapeUrl() {
        return "http://127.0.0.1:" + managementPort() + ServerMetrics.PATH;
    }

    @Override
    public void close() {
        server.close();
    }
}
