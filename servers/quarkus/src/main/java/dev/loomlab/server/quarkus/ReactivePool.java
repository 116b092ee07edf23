package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.Dialect;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The Vert.x reactive SQL client's pool (what Quarkus's reactive-pg/mysql-client extensions wrap),
 * built here for the reason {@link JdbcPool} is. The Vert.x pool publishes no gauges of its own, so
 * this counts what the sampler reads: requests waiting for a connection, and connections lent out.
 */
public final class ReactivePool implements DatabasePool {
    /** How long a start may take to open the pool's connections. */
    private static final Duration PREFILL_WITHIN = Duration.ofSeconds(30);
    private final Pool pool;
    private final Duration wait;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger lent = new AtomicInteger();

    private ReactivePool(Pool pool, Duration wait) {
        this.pool = pool;
        this.wait = wait;
    }

    /**
     * @param eventLoops the Vert.x event loops the pool spreads its connections over: all of them,
     *     as Quarkus's extensions do, rather than the one it is created from
     */
    static ReactivePool open(Vertx vertx, DatabaseTarget db, int size, Duration wait, int eventLoops) {
        PoolOptions options = new PoolOptions()
                .setMaxSize(size)
                .setMaxWaitQueueSize(-1)
                .setConnectionTimeout((int) wait.toMillis())
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS)
                .setEventLoopSize(eventLoops);
        Pool pool = db.dialect() == Dialect.POSTGRES
                ? PgBuilder.pool().with(options).using(vertx).connectingTo(new PgConnectOptions()
                        .setHost(db.host()).setPort(db.port()).setDatabase(db.database())
                        .setUser(db.user()).setPassword(db.password())).build()
                : MySQLBuilder.pool().with(options).using(vertx).connectingTo(new MySQLConnectOptions()
                        .setHost(db.host()).setPort(db.port()).setDatabase(db.database())
                        .setUser(db.user()).setPassword(db.password())).build();
        ReactivePool opened = new ReactivePool(pool, wait);
        opened.prefill(size, db);
        return opened;
    }

    /**
     * Runs {@code work} on a pooled connection, given back when the work's future completes. Fails
     * after the pool's wait (see {@link ErrorAnswers#kind}).
     */
    public <T> Future<T> withConnection(Function<SqlConnection, Future<T>> work) {
        waiting.incrementAndGet();
        return pool.getConnection().transform(acquired -> {
            waiting.decrementAndGet();
            if (acquired.failed()) {
                return Future.failedFuture(waitedTooLong(acquired.cause()) ? new WaitTimeout(wait) : acquired.cause());
            }
            SqlConnection connection = acquired.result();
            lent.incrementAndGet();
            Future<T> done;
            try {
                done = work.apply(connection);
            } catch (RuntimeException e) {
                done = Future.failedFuture(e);
            }
            return done.andThen(result -> {
                lent.decrementAndGet();
                connection.close();
            });
        });
    }

    /**
     * The Vert.x pool reports its connection timeout as a bare {@code NoStackTraceThrowable("Timeout")}:
     * told apart here, where it can only come from the wait for a connection.
     */
    private static boolean waitedTooLong(Throwable failure) {
        return failure instanceof io.vertx.core.impl.NoStackTraceThrowable && "Timeout".equals(failure.getMessage());
    }

    /** No connection within the pool's wait: a pool timeout, as Hikari's or r2dbc-pool's (see {@link ErrorAnswers#kind}). */
    static final class WaitTimeout extends java.util.concurrent.TimeoutException {
        WaitTimeout(Duration wait) {
            super("no connection within the pool's wait of " + wait.toMillis() + " ms");
        }
    }

    /**
     * Opens every connection before the server is ready, as r2dbc-pool does on webflux and
     * {@link JdbcPool} on the blocking modes: the Vert.x pool would open them on demand, inside the measurement.
     */
    private void prefill(int size, DatabaseTarget db) {
        // The pool's wait bounds each attempt, and it is a request's wait for a pooled connection (1 s in a test): a
        // slow machine took longer than that to open one. So attempts that waited too long are made again until
        // PREFILL_WITHIN is up; the connections opened are held meanwhile, so that the pool opens as many as asked.
        long deadline = System.nanoTime() + PREFILL_WITHIN.toNanos();
        List<Future<SqlConnection>> attempts = new ArrayList<>();
        try {
            int opened = 0;
            while (opened < size) {
                List<Future<SqlConnection>> opening = new ArrayList<>();
                for (int i = opened; i < size; i++) {
                    opening.add(pool.getConnection());
                }
                attempts.addAll(opening);
                try {
                    Future.join(opening).toCompletionStage().toCompletableFuture()
                            .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.ExecutionException someFailed) {
                    // each attempt's outcome is read below
                }
                for (Future<SqlConnection> attempt : opening) {
                    if (attempt.succeeded()) {
                        opened++;
                    } else if (!waitedTooLong(attempt.cause()) || System.nanoTime() >= deadline) {
                        throw new IllegalStateException(attempt.cause().toString());
                    }
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot open the connection pool to " + db + ": " + e.getMessage(), e);
        } finally {
            // back to the pool, now or once a late one has opened
            attempts.forEach(f -> f.onSuccess(SqlConnection::close));
        }
    }

    @Override
    public int active() {
        return lent.get();
    }

    @Override
    public int idle() {
        return Math.max(0, pool.size() - lent.get());
    }

    @Override
    public int pending() {
        return waiting.get();
    }

    @Override
    public void close() {
        pool.close();
    }
}
