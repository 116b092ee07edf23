package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class SharedDatabasesTest {

    @Test
    void oneServerPerDialectPerJvm() throws Exception {
        DatabaseEndpoint first = SharedDatabases.get(Dialect.POSTGRES);
        DatabaseEndpoint second = SharedDatabases.get(Dialect.POSTGRES);
        assertThat(second).isSameAs(first);
        assertThat(SharedDatabases.database(Dialect.POSTGRES).description()).startsWith("embedded PostgreSQL");
        try (Connection c = Jdbc.connect(first); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select current_user, current_database()")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("loomlab");
            assertThat(rs.getString(2)).isEqualTo("loomlab");
        }
        // stopped by its shutdown hook when this JVM exits
    }
}
