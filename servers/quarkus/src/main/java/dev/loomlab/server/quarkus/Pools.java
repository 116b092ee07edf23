package dev.loomlab.server.quarkus;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Opens the one pool the chosen mode uses (all its connections before the server is ready; the
 * other kind is never opened) and publishes it as {@code loomlab_pool_*_connections}: the same
 * names for Agroal and the Vert.x pool, so the lab's sampler reads either without knowing which.
 */
@ApplicationScoped
public class Pools {
    private final ServerConfig config;
    private final Vertx vertx;
    private final MeterRegistry registry;
    private final DatabaseTarget database;
    private final int eventLoops;
    private volatile DatabasePool pool;

    Pools(ServerConfig config, Vertx vertx, MeterRegistry registry,
          @ConfigProperty(name = "spring.datasource.url") Optional<String> url,
          @ConfigProperty(name = "spring.datasource.username") Optional<String> user,
          @ConfigProperty(name = "spring.datasource.password") Optional<String> password,
          @ConfigProperty(name = "quarkus.vertx.event-loops-pool-size") int eventLoops) {
        this.config = config;
        this.vertx = vertx;
        this.registry = registry;
        this.database = DatabaseTarget.of(url.orElse(null), user.orElse(""), password.orElse(""));
        this.eventLoops = eventLoops;
    }

    void open(@Observes StartupEvent started) {
        DatabasePool opened = config.mode().blocking()
                ? JdbcPool.open(database, config.poolSize(), config.poolTimeout())
                : ReactivePool.open(vertx, database, config.poolSize(), config.poolTimeout(), eventLoops);
        gauge("loomlab.pool.active.connections", "connections lent to requests", opened, DatabasePool::active);
        gauge("loomlab.pool.idle.connections", "open connections no request holds", opened, DatabasePool::idle);
        gauge("loomlab.pool.pending.connections", "requests waiting for a connection", opened, DatabasePool::pending);
        pool = opened;
    }

    void close(@Observes ShutdownEvent stopping) {
        if (pool != null) {
            pool.close();
        }
    }

    public DatabaseTarget database() {
        return database;
    }

    /** The blocking modes' pool. */
    public JdbcPool jdbc() {
        return (JdbcPool) pool;
    }

    /** The reactive mode's pool. */
    public ReactivePool reactive() {
        return (ReactivePool) pool;
    }

    private void gauge(String name, String description, DatabasePool of, ToDoubleFunction<DatabasePool> read) {
        Gauge.builder(name, of, read).description(description).register(registry);
    }
}
