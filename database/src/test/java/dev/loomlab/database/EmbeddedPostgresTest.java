package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;

class EmbeddedPostgresTest extends EmbeddedDatabaseContract {

    EmbeddedPostgresTest() {
        super(Dialect.POSTGRES);
    }

    @Override
    String sleepSql() {
        return "select pg_sleep(?)";
    }

    @Override
    String maxConnectionsSql() {
        return "show max_connections";
    }

    @Override
    String bindAddressSql() {
        return "show listen_addresses";
    }

    @Override
    String loomlabSessionsSql() {
        return "select count(*) from pg_stat_activity where usename = 'loomlab'";
    }

    @Override
    String expectedDescriptionStart() {
        return "embedded PostgreSQL 14.";
    }
}
