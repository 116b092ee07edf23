package dev.loomlab.database;

import dev.loomlab.scenario.Dialect;

class EmbeddedMariaDbTest extends EmbeddedDatabaseContract {

    EmbeddedMariaDbTest() {
        super(Dialect.MARIADB);
    }

    @Override
    String sleepSql() {
        return "select sleep(?)";
    }

    @Override
    String maxConnectionsSql() {
        return "select @@max_connections";
    }

    @Override
    String bindAddressSql() {
        return "select @@bind_address";
    }

    @Override
    String loomlabSessionsSql() {
        return "select count(*) from information_schema.processlist where user = 'loomlab'";
    }

    @Override
    String expectedDescriptionStart() {
        return "embedded MariaDB 11.4.";
    }
}
