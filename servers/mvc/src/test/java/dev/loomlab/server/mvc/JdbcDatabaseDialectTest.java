package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.shared.DatabaseDialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The dialect the servlet servers (mvc, legacy) read from spring.datasource.url. */
class JdbcDatabaseDialectTest {

    @ParameterizedTest
    @CsvSource({
            "jdbc:postgresql://127.0.0.1:5432/loomlab, POSTGRES",
            "jdbc:mariadb://127.0.0.1:3306/loomlab, MARIADB",
            "jdbc:mysql://h/db, MARIADB"})
    void readsTheDialectFromTheJdbcUrl(String url, Dialect expected) {
        assertThat(DatabaseDialect.jdbc(url)).isEqualTo(expected);
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
