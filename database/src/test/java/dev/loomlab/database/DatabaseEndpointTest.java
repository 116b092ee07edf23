package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import org.junit.jupiter.api.Test;

class DatabaseEndpointTest {

    @Test
    void toStringAndDescribeNeverShowThePassword() {
        DatabaseEndpoint endpoint = new DatabaseEndpoint(Dialect.POSTGRES,
                "jdbc:postgresql://127.0.0.1:5432/loomlab?password=hunter2&ssl=false",
                "r2dbc:postgresql://bob:hunter2@127.0.0.1:5432/loomlab", "bob", "hunter2");

        assertThat(endpoint.toString())
                .doesNotContain("hunter2")
                .contains("password=****")
                .contains("jdbc:postgresql://127.0.0.1:5432/loomlab?password=****&ssl=false")
                .contains("r2dbc:postgresql://bob:****@127.0.0.1:5432/loomlab")
                .contains("user=bob");
        assertThat(endpoint.describe())
                .isEqualTo("postgres jdbc:postgresql://127.0.0.1:5432/loomlab?password=****&ssl=false");
        assertThat(endpoint.password()).isEqualTo("hunter2"); // the accessor still gives it to those who log in
    }

    @Test
    void ofBuildsTheLabsUrlShapes() {
        DatabaseEndpoint pg = DatabaseEndpoint.of(Dialect.POSTGRES, "127.0.0.1", 5432, "loomlab", "loomlab", "loomlab");
        assertThat(pg.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/loomlab");
        assertThat(pg.r2dbcUrl()).isEqualTo("r2dbc:postgresql://127.0.0.1:5432/loomlab");
        assertThat(pg.toString()).doesNotContain("=loomlab]").endsWith("password=****]");

        DatabaseEndpoint maria = DatabaseEndpoint.of(Dialect.MARIADB, "db.example", 3306, "x", "u", "p");
        assertThat(maria.jdbcUrl()).isEqualTo("jdbc:mariadb://db.example:3306/x");
        assertThat(maria.r2dbcUrl()).isEqualTo("r2dbc:mariadb://db.example:3306/x");
        assertThat(maria.describe()).isEqualTo("mariadb jdbc:mariadb://db.example:3306/x");
    }

    @Test
    void derivesTheR2dbcUrlWhenNotGiven() {
        assertThat(new DatabaseEndpoint(Dialect.POSTGRES, "jdbc:postgresql://h:1/d?sslmode=disable", null, "u", "p")
                .r2dbcUrl()).isEqualTo("r2dbc:postgresql://h:1/d");
        assertThat(new DatabaseEndpoint(Dialect.MARIADB, "jdbc:mysql://u:p@h:3306/d", null, "u", "p").r2dbcUrl())
                .isEqualTo("r2dbc:mariadb://h:3306/d");
        assertThatThrownBy(() -> new DatabaseEndpoint(Dialect.POSTGRES, "postgres://h/d?password=x", null, "u", "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("password=x");
    }

    @Test
    void aNullPasswordIsEmpty() {
        assertThat(new DatabaseEndpoint(Dialect.POSTGRES, "jdbc:postgresql://h:1/d", null, "u", null).password())
                .isEmpty();
    }

    @Test
    void embeddedOptionsDefaults() {
        EmbeddedOptions defaults = EmbeddedOptions.defaults();
        assertThat(defaults.maxConnections()).isEqualTo(600);
        assertThat(defaults.port()).isZero();
        assertThat(defaults.dataDirParent()).isNull();
        assertThatThrownBy(() -> new EmbeddedOptions(600, 70000, null)).isInstanceOf(IllegalArgumentException.class);
    }
}
