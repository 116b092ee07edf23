package dev.loomlab.server.helidon;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import dev.loomlab.server.shared.HikariPools;
import dev.loomlab.server.shared.RequestCount;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import java.sql.SQLException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Helidon SE 4's WebServer with JDBC through HikariCP: the helidon-virtual model. Helidon 4 serves
 * each connection on a virtual thread of its own by design, its requests one after another; there
 * is no pool of request threads to size or switch off. Every other setting follows the README's parity table: loopback, an accept
 * backlog of 4096, no connection limit, a pool of the lab's size filled before the ready line,
 * metrics on a management port of its own.
 */
public final class HelidonServer implements AutoCloseable {
    static final String MODEL = "helidon-virtual";
    /** The OS backlog must not shape results: the Spring servers' value (the default 100 overflowed at 3,000 connections). */
    static final int ACCEPT_BACKLOG = 4096;
    private static final String MANAGEMENT = "management";

    private final ServerMetrics metrics;
    private final HikariDataSource pool;
    private final WebServer web;

    private HelidonServer(ServerMetrics metrics, HikariDataSource pool, WebServer web) {
        this.metrics = metrics;
        this.pool = pool;
        this.web = web;
    }

    public static void main(String[] args) {
        // Helidon and Hikari log their start at INFO through the JDK's logging; like the Spring
        // servers, this one says only its start line and its warnings.
        Logger.getLogger("").setLevel(Level.WARNING);
        ServerArgs parsed;
        try {
            parsed = ServerArgs.parse(args);
        } catch (ServerArgs.BadArgument e) {
            System.err.println("loomlab server model=" + MODEL + " refuses to start: " + e.getMessage());
            System.exit(2);
            return;
        }
        HelidonServer server = start(parsed);
        server.announce(parsed);
    }

    /** Starts the server and fills its pool; the ports are bound when this returns. */
    static HelidonServer start(ServerArgs args) {
        ServerMetrics metrics = new ServerMetrics();
        HikariDataSource pool = pool(args, metrics);
        try {
            HikariPools.prefill(pool);
            RequestCount requests = new RequestCount(metrics.registry());
            ErrorAnswers errors = new ErrorAnswers(metrics.registry());
            Duration grace = args.gracefulShutdown() ? Duration.ofSeconds(30) : Duration.ZERO;
            WebServerConfig.Builder config = WebServer.builder()
                    .host(args.address())
                    .port(args.port())
                    .backlog(ACCEPT_BACKLOG)
                    // Tomcat and Reactor Netty set TCP_NODELAY on every connection; Helidon leaves Nagle on.
                    .connectionOptions(socket -> socket.tcpNoDelay(true))
                    .shutdownGracePeriod(grace)
                    .routing(routing -> {
                        routing.addFilter((chain, req, res) -> {
                            requests.received(req.path().path());
                            chain.proceed();
                        });
                        routing.register(new ScenarioRoutes(pool, args.dialect()));
                        errors.register(routing);
                    })
                    .putSocket(MANAGEMENT, socket -> socket
                            .host(args.managementAddress())
                            .port(args.managementPort())
                            .shutdownGracePeriod(grace)
                            .routing(metrics::routes));
            return new HelidonServer(metrics, pool, config.build().start());
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
    }

    private static HikariDataSource pool(ServerArgs args, ServerMetrics metrics) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("loomlab");
        config.setJdbcUrl(args.jdbcUrl());
        config.setUsername(args.user());
        config.setPassword(args.password());
        // The seeds' pool: all its connections opened at start, and their wait before a timeout.
        config.setMaximumPoolSize(args.poolSize());
        config.setMinimumIdle(args.poolSize());
        config.setConnectionTimeout(args.poolTimeout().toMillis());
        // The same tracker Spring Boot installs: the gauges hikaricp_connections_active, _idle, _pending and the timeout counter.
        config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(metrics.registry()));
        return new HikariDataSource(config);
    }

    int port() {
        return web.port();
    }

    int managementPort() {
        return web.port(MANAGEMENT);
    }

    /** The start line, the JDBC driver's own name, and the ready line the lab waits for (last). */
    private void announce(ServerArgs args) {
        System.out.println("loomlab server model=" + MODEL + " jdk=" + System.getProperty("java.version")
                + " (" + System.getProperty("java.vm.vendor") + ") virtualThreads=true threads=[virtual thread per connection]"
                + " helidon=" + WebServer.class.getPackage().getImplementationVersion()
                + " backlog=" + ACCEPT_BACKLOG + " maxConnections=unlimited pool=" + pool.getMaximumPoolSize()
                + " poolTimeoutMs=" + pool.getConnectionTimeout() + " db=" + args.dialect() + " " + args.safeUrl());
        // The lab checks this line when a plan names the driver (jdbcDrivers), as on the mvc server.
        System.out.println("loomlab-jdbc-driver " + jdbcDriver());
        System.out.println("loomlab-ready http://" + args.address() + ":" + port()
                + " management=http://" + args.managementAddress() + ":" + managementPort());
        System.out.flush();
    }

    private String jdbcDriver() {
        try (var connection = pool.getConnection()) {
            var meta = connection.getMetaData();
            return meta.getDriverName() + " " + meta.getDriverVersion();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the JDBC driver's name: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        web.stop();
        pool.close();
        try {
            metrics.close();
        } catch (Exception e) {
            throw new IllegalStateException("cannot close the metrics: " + e.getMessage(), e);
        }
    }
}
