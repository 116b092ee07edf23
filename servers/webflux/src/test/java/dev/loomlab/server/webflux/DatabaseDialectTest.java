package dev.loomlab.server.webflux;

import dev.loomlab.server.testkit.R2dbcDatabaseDialectTest;

class DatabaseDialectTest extends R2dbcDatabaseDialectTest {
    DatabaseDialectTest() {
        super(DatabaseDialect::of, DatabaseDialect::withoutPassword);
    }
}
