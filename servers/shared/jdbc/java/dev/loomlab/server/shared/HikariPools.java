package dev.loomlab.server.shared;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import java.time.Duration;
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
     */
    public static void prefill(DataSource dataSource) {
        if (!(dataSource instanceof HikariDataSource)) {
            return;
        }
        HikariDataSource hikari = (HikariDataSource) dataSource;
        try (var ignored = hikari.getConnection()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            var pool = hikari.getHikariPoolMXBean();
            while (pool.getTotalConnections() < hikari.getMinimumIdle() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the connection pool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
