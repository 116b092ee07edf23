package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.shared.DatabaseDialect;
import org.junit.jupiter.api.Test;

/** The dialect the servlet servers (mvc, legacy) read from spring.datasource.url. */
class JdbcDatabaseDialectTest {

    @Test
    void readsTheDialectFromTheJdbcUrl() {
        assertThat(DatabaseDialect.jdbc("jdbc:postgresql://127.0.0.1:5432/loomlab")).isEqualTo(Dialect.POSTGRES);
        assertThat(DatabaseDialect.jdbc("jdbc:mariadb://127.0.0.1:3306/loomlab")).isEqualTo(Dialect.MARIADB);
        assertThat(DatabaseDialect.jdbc("jdbc:mysql://h/db")).isEqualTo(Dialect.MARIADB);
    }

    @Test
    void refusesAMissingOrForeignUrlWithoutEchoingItsPassword() {
        assertThatThrownBy(() -> DatabaseDialect.jdbc("")).hasMessageContaining("spring.datasource.url is not set");
        assertThatThrownBy(() -> DatabaseDialect.jdbc("r2dbc:postgresql://u:secret@h/db"))
                .hasMessageContaining("jdbc:postgresql:")
                .hasMessageNotContaining("secret");
    }

    @Test
    void logsTheUrlWithoutItsPassword() {
        DatabaseDialect dialect = DatabaseDialect.ofJdbcUrl("jdbc:postgresql://h/db?user=u&password=secret");

        assertThat(dialect.dialect()).isEqualTo(Dialect.POSTGRES);
        assertThat(dialect.url()).isEqualTo("jdbc:postgresql://h/db?user=u&password=****");
    }
}
