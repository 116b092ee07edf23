package dev.loomlab.server.coroutines;

import dev.loomlab.server.testkit.R2dbcDatabaseDialectTest;

/** The Kotlin {@code DatabaseDialect} keeps the same rules as the webflux server's Java one. */
class DatabaseDialectTest extends R2dbcDatabaseDialectTest {
    DatabaseDialectTest() {
        super(DatabaseDialect::of, DatabaseDialect::withoutPassword);
    }
}
