package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.DatabaseDialect;
import dev.loomlab.server.shared.ReadyLine;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import reactor.netty.resources.LoopResources;

/**
 * Once the web server listens: fills the connection pool, logs the one start line, then prints
 * {@code loomlab-ready http://HOST:PORT} on stdout — the line the lab waits for (and reads the
 * port from, when started with {@code --server.port=0}).
 */
@Component
class StartupReport implements ApplicationListener<ApplicationReadyEvent> {
    /** How long filling the pool may take before the start fails; well above one connect. */
    static final Duration WARMUP_TIMEOUT = Duration.ofSeconds(60);
    private static final Logger LOG = LoggerFactory.getLogger("loomlab");

    private final ConnectionFactory connectionFactory;
    private final DatabaseDialect dialect;
    private final Environment env;

    StartupReport(ConnectionFactory connectionFactory, DatabaseDialect dialect, Environment env) {
        this.connectionFactory = connectionFactory;
        this.dialect = dialect;
        this.env = env;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        String pool = warmUp();
        LOG.info("loomlab server model={} jdk={} ({}) virtualThreads=false eventLoopThreads={} pool={} db={} {}",
                WebfluxServer.MODEL, System.getProperty("java.version"), System.getProperty("java.vm.vendor"),
                LoopResources.DEFAULT_IO_WORKER_COUNT, pool, dialect.dialect(), dialect.url());
        int port = ((WebServerApplicationContext) event.getApplicationContext()).getWebServer().getPort();
        ReadyLine.print(host(), port, event.getApplicationContext().getEnvironment());
    }

    /**
     * Opens {@code spring.r2dbc.pool.initial-size} connections now — Hikari keeps
     * minimum-idle = maximum-pool-size open on mvc — so the first requests of a measurement do
     * not pay for connecting, and a wrong URL or password fails the start, not the first query.
     * Runs on the main thread, never on an event loop.
     */
    private String warmUp() {
        if (!(connectionFactory instanceof ConnectionPool connectionPool)) {
            return "none";
        }
        connectionPool.warmup().block(WARMUP_TIMEOUT);
        return connectionPool.getMetrics().map(PoolMetrics::getMaxAllocatedSize).map(String::valueOf).orElse("?");
    }

    private String host() {
        String address = env.getProperty("server.address", "127.0.0.1");
        if (address.isBlank() || address.equals("0.0.0.0") || address.equals("::") || address.equals("[::]")) {
            return "127.0.0.1";
        }
        return address.contains(":") && !address.startsWith("[") ? "[" + address + "]" : address;
    }
}
