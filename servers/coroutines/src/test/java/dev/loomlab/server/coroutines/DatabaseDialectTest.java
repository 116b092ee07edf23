package dev.loomlab.server.coroutines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import org.junit.jupiter.api.Test;

class DatabaseDialectTest {

    @Test
    void readsTheDialectFromTheR2dbcUrl() {
        assertThat(DatabaseDialect.of("r2dbc:postgresql://127.0.0.1:5432/loomlab")).isEqualTo(Dialect.POSTGRES);
        assertThat(DatabaseDialect.of("r2dbc:postgres://h/db")).isEqualTo(Dialect.POSTGRES);
        assertThat(DatabaseDialect.of("r2dbc:pool:postgresql://h/db")).isEqualTo(Dialect.POSTGRES);
        assertThat(DatabaseDialect.of("r2dbc:mariadb://127.0.0.1:3306/loomlab")).isEqualTo(Dialect.MARIADB);
        assertThat(DatabaseDialect.of("R2DBC:MariaDB://h/db")).isEqualTo(Dialect.MARIADB);
    }

    @Test
    void refusesAMissingOrForeignUrlWithoutEchoingItsPassword() {
        assertThatThrownBy(() -> DatabaseDialect.of("")).hasMessageContaining("spring.r2dbc.url is not set");
        assertThatThrownBy(() -> DatabaseDialect.of("jdbc:postgresql://u:secret@h/db"))
                .hasMessageContaining("r2dbc:postgresql:")
                .hasMessageNotContaining("secret");
    }

    @Test
    void masksPasswords() {
        assertThat(DatabaseDialect.withoutPassword("r2dbc:postgresql://user:secret@h:5432/db"))
                .isEqualTo("r2dbc:postgresql://user:****@h:5432/db");
        assertThat(DatabaseDialect.withoutPassword("r2dbc:mariadb://h/db?user=u&password=secret&x=1"))
                .isEqualTo("r2dbc:mariadb://h/db?user=u&password=****&x=1");
        assertThat(DatabaseDialect.withoutPassword("r2dbc:postgresql://h/db")).isEqualTo("r2dbc:postgresql://h/db");
    }
}
