package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.Dialect;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Agroal, Quarkus's JDBC pool, built here rather than by the datasource extension: that extension
 * fixes the database kind at build time, and this one jar serves PostgreSQL and MariaDB.
 * Sized like the Spring servers' Hikari: every connection opened before the server is ready, the
 * same wait before a request gives up on one.
 */
public final class JdbcPool implements DatabasePool {
    private final AgroalDataSource dataSource;

    private JdbcPool(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    static JdbcPool open(DatabaseTarget db, int size, Duration wait) {
        Class<? extends java.sql.Driver> driver = db.dialect() == Dialect.POSTGRES ? org.postgresql.Driver.class : org.mariadb.jdbc.Driver.class;
        var config = new AgroalDataSourceConfigurationSupplier()
                .metricsEnabled(true)
                .connectionPoolConfiguration(pool -> pool
                        .initialSize(size)
                        .minSize(size)
                        .maxSize(size)
                        .acquisitionTimeout(wait)
                        .connectionFactoryConfiguration(factory -> factory
                                .connectionProviderClass(driver)
                                .jdbcUrl(db.jdbcUrl())
                                .principal(new NamePrincipal(db.user()))
                                .credential(new SimplePassword(db.password()))));
        try {
            JdbcPool pool = new JdbcPool(AgroalDataSource.from(config));
            pool.prefill(size);
            return pool;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the connection pool to " + db + ": " + e.getMessage(), e);
        }
    }

    /** A pooled connection; {@link SQLException} after the pool's wait (see {@link ErrorAnswers#kind}). */
    public Connection connection() throws SQLException {
        return dataSource.getConnection();
    }

    /**
     * Agroal opens its initial connections in the background: wait (up to 30 s) until they are all
     * open, so that no model pays for connection set-up inside a measurement.
     */
    private void prefill(int size) throws SQLException {
        try (var ignored = dataSource.getConnection()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (active() + idle() < size && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int active() {
        return (int) dataSource.getMetrics().activeCount();
    }

    @Override
    public int idle() {
        return (int) dataSource.getMetrics().availableCount();
    }

    @Override
    public int pending() {
        return (int) dataSource.getMetrics().awaitingCount();
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
