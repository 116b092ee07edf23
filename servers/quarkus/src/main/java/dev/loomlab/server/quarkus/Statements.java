package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenarios;

/**
 * The contract's statements name their one parameter ({@code :seconds}, as Spring's templates
 * bind it); JDBC and the Vert.x clients bind by position, each with its own placeholder.
 */
final class Statements {
    private Statements() {
    }

    /** {@code sql} with {@code :seconds} as the Vert.x client of {@code dialect} spells a first parameter. */
    static String positional(String sql, Dialect dialect) {
        return sql.replace(":" + Scenarios.SECONDS, dialect == Dialect.POSTGRES ? "$1" : "?");
    }

    /** {@code sql} with {@code :seconds} as JDBC's {@code ?}. */
    static String jdbc(String sql) {
        return sql.replace(":" + Scenarios.SECONDS, "?");
    }
}
