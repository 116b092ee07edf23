package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The rules both R2DBC servers' {@code DatabaseDialect} keep (webflux's in Java, coroutines' in
 * Kotlin): the dialect from spring.r2dbc.url, and a URL shown without its password.
 */
public abstract class R2dbcDatabaseDialectTest {

    private final Function<String, Dialect> of;
    private final UnaryOperator<String> withoutPassword;

    /** The server's {@code DatabaseDialect::of} and {@code DatabaseDialect::withoutPassword}. */
    protected R2dbcDatabaseDialectTest(Function<String, Dialect> of, UnaryOperator<String> withoutPassword) {
        this.of = of;
        this.withoutPassword = withoutPassword;
    }

    private Dialect of(String url) {
        return of.apply(url);
    }

    private String withoutPassword(String url) {
        return withoutPassword.apply(url);
    }

    @Test
    void readsTheDialectFromTheR2dbcUrl() {
        assertThat(of("r2dbc:postgresql://127.0.0.1:5432/loomlab")).isEqualTo(Dialect.POSTGRES);
        assertThat(of("r2dbc:postgres://h/db")).isEqualTo(Dialect.POSTGRES);
        assertThat(of("r2dbc:pool:postgresql://h/db")).isEqualTo(Dialect.POSTGRES);
        assertThat(of("r2dbc:mariadb://127.0.0.1:3306/loomlab")).isEqualTo(Dialect.MARIADB);
        assertThat(of("R2DBC:MariaDB://h/db")).isEqualTo(Dialect.MARIADB);
    }

    @Test
    void refusesAMissingOrForeignUrlWithoutEchoingItsPassword() {
        assertThatThrownBy(() -> of("")).hasMessageContaining("spring.r2dbc.url is not set");
        assertThatThrownBy(() -> of("jdbc:postgresql://u:secret@h/db"))
                .hasMessageContaining("r2dbc:postgresql:")
                .hasMessageNotContaining("secret");
    }

    @Test
    void masksPasswords() {
        assertThat(withoutPassword("r2dbc:postgresql://user:secret@h:5432/db"))
                .isEqualTo("r2dbc:postgresql://user:****@h:5432/db");
        assertThat(withoutPassword("r2dbc:mariadb://h/db?user=u&password=secret&x=1"))
                .isEqualTo("r2dbc:mariadb://h/db?user=u&password=****&x=1");
        assertThat(withoutPassword("r2dbc:postgresql://h/db")).isEqualTo("r2dbc:postgresql://h/db");
    }
}
