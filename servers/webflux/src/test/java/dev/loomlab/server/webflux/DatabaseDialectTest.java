package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.DatabaseDialect;
import dev.loomlab.server.testkit.R2dbcDatabaseDialectTest;

/** The shared {@code DatabaseDialect}'s R2DBC rules, which the coroutines server's Kotlin one keeps too. */
class DatabaseDialectTest extends R2dbcDatabaseDialectTest {
    DatabaseDialectTest() {
        super(DatabaseDialect::of, DatabaseDialect::withoutPassword);
    }
}
