package dev.loomlab.server.shared;

import com.zaxxer.hikari.HikariDataSource;
import java.lang.reflect.Field;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadPoolExecutor;
import javax.sql.DataSource;

/** What the JDBC servers' start-up reports ask of their Hikari pool. */
public final class HikariPools {
    private HikariPools() {
    }

    /** The pool's maximum size, or -1 when the data source is not Hikari's. */
    public static int maximumSize(DataSource dataSource) {
        return dataSource instanceof HikariDataSource ? ((HikariDataSource) dataSource).getMaximumPoolSize() : -1;
    }

    /**
     * Hikari opens its pool lazily and fills it in the background; r2dbc-pool on webflux opens all
     * of its initial connections before the server is ready. This waits (up to 30 s) for the
     * minimum idle connections, so that no model pays for connection set-up inside a measurement.
     *
     * <p>Hikari opens them one after another on a single thread: 150 connections, each a few
     * round trips to the database, took most of a server's start. While this waits, the pool's
     * connection-adding executor gets {@link #FILL_THREADS} threads, so the round trips overlap,
     * and then its single thread back: the pool measured is the same pool, only filled sooner.
     * (Hikari's own {@code com.zaxxer.hikari.blockUntilFilled} does the same, with as many threads
     * as CPUs: one on a server pinned to one CPU.)
     *
     * @return how long the wait took
     */
    public static Duration prefill(DataSource dataSource) {
        long start = System.nanoTime();
        if (!(dataSource instanceof HikariDataSource)) {
            return Duration.ZERO;
        }
        HikariDataSource hikari = (HikariDataSource) dataSource;
        try (var ignored = hikari.getConnection()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            var pool = hikari.getHikariPoolMXBean();
            Optional<ThreadPoolExecutor> adder = connectionAdder(pool);
            adder.ifPresent(e -> widen(e, FILL_THREADS));
            try {
                while (pool.getTotalConnections() < hikari.getMinimumIdle() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            } finally {
                adder.ifPresent(e -> widen(e, 1));
            }
            if (adder.isPresent()) {
                trimToMaximum(hikari, adder.get(), deadline);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the connection pool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Hikari checks "fewer than the maximum?" before it opens a connection; with several openings
     * under way at once, each may have passed that check before the others landed, and the pool can
     * end a few over its maximum (151 of 150 seen). Once the openings under way have landed, the
     * connections over the maximum are taken and evicted, so the server is ready with exactly the
     * pool it was configured with.
     */
    private static void trimToMaximum(HikariDataSource hikari, ThreadPoolExecutor adder, long deadline)
            throws SQLException, InterruptedException {
        while ((adder.getActiveCount() > 0 || !adder.getQueue().isEmpty()) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        var pool = hikari.getHikariPoolMXBean();
        for (int over = pool.getTotalConnections() - hikari.getMaximumPoolSize(); over > 0; over--) {
            // Evicted while held: closed at once, never handed to a request.
            hikari.evictConnection(hikari.getConnection());
        }
    }

    /** Connections opened at once while the pool fills: enough to overlap the round trips, not a storm. */
    static final int FILL_THREADS = 16;

    /**
     * The executor on which the pool adds connections: a private field of Hikari's pool (4.x for
     * Boot 2.7 and 7.x for Boot 4 both have it), empty when a Hikari version has none.
     */
    static Optional<ThreadPoolExecutor> connectionAdder(Object pool) {
        try {
            Field field = pool.getClass().getDeclaredField("addConnectionExecutor");
            field.setAccessible(true);
            return field.get(pool) instanceof ThreadPoolExecutor e ? Optional.of(e) : Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Then the pool fills at Hikari's own pace: slower, never different.
            return Optional.empty();
        }
    }

    /** Sets both sizes, in the order ThreadPoolExecutor accepts (the core may never exceed the maximum). */
    private static void widen(ThreadPoolExecutor executor, int threads) {
        if (threads > executor.getMaximumPoolSize()) {
            executor.setMaximumPoolSize(threads);
            executor.setCorePoolSize(threads);
        } else {
            executor.setCorePoolSize(threads);
            executor.setMaximumPoolSize(threads);
        }
    }
}
