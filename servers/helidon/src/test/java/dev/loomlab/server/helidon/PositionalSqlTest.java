package dev.loomlab.server.helidon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenarios;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PositionalSqlTest {

    @Test
    void theDatabaseSleepBindsItsSecondsByPosition() {
        PositionalSql pg = PositionalSql.of(Scenarios.SLOW_QUERY.sql(Dialect.POSTGRES));
        PositionalSql maria = PositionalSql.of(Scenarios.SLOW_QUERY.sql(Dialect.MARIADB));

        assertThat(pg.sql()).isEqualTo("select pg_sleep(?)");
        assertThat(maria.sql()).isEqualTo("select sleep(?)");
        assertThat(pg.values(Map.of(Scenarios.SECONDS, 0.3))).containsExactly(0.3);
    }

    @Test
    void castsAndTimesAreNotParameters() {
        PositionalSql sql = PositionalSql.of("select :a::text, '12:30', :b, :a");

        assertThat(sql.sql()).isEqualTo("select ?::text, '12:30', ?, ?");
        assertThat(sql.names()).containsExactly("a", "b", "a");
    }

    @Test
    void aMissingValueIsRefused() {
        assertThatThrownBy(() -> PositionalSql.of("select :seconds").values(Map.of()))
                .hasMessageContaining(":seconds");
    }
}
