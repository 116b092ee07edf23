package dev.loomlab.server.quarkus;

/**
 * The one connection pool a mode uses, as the metrics endpoint shows it: Agroal's for the blocking
 * modes, the Vert.x SQL client's for the reactive one, under the same gauge names (see {@link Pools}).
 */
public sealed interface DatabasePool extends AutoCloseable permits JdbcPool, ReactivePool {

    /** Connections lent to requests now. */
    int active();

    /** Open connections no request holds. */
    int idle();

    /** Requests waiting for a connection. */
    int pending();

    @Override
    void close();
}
