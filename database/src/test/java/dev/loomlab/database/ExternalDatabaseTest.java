package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** external(...) against a port where nothing listens: fails fast, on one line, without the password. */
class ExternalDatabaseTest {

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void failsFastWithOneMaskedLineWhenNothingListens(Dialect dialect) {
        int port = Ports.freePort(); // free a moment ago, and nobody binds it
        String scheme = DatabaseEndpoint.scheme(dialect);
        String url = "jdbc:" + scheme + "://127.0.0.1:" + port + "/loomlab?password=s3cret-pw";
        DatabaseEndpoint endpoint = new DatabaseEndpoint(dialect, url, null, "loomlab", "s3cret-pw");

        long t0 = System.nanoTime();
        assertThatThrownBy(() -> Databases.external(endpoint))
                .isInstanceOf(IllegalStateException.class)
                .satisfies(e -> {
                    String message = e.getMessage();
                    System.out.println("MESSAGE " + dialect.id() + ": " + message);
                    assertThat(message)
                            .startsWith("cannot connect to " + dialect.id() + " at jdbc:" + scheme + "://127.0.0.1:"
                                    + port + "/loomlab?password=****: ")
                            .doesNotContain("s3cret-pw")
                            .doesNotContain("\n");
                });
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(3_000);
    }

    @ParameterizedTest
    @EnumSource(Dialect.class)
    void rejectsAnotherDialectsUrl(Dialect dialect) {
        Dialect other = dialect == Dialect.POSTGRES ? Dialect.MARIADB : Dialect.POSTGRES;
        DatabaseEndpoint endpoint = DatabaseEndpoint.of(other, "127.0.0.1", 1, "loomlab", "loomlab", "pw");
        DatabaseEndpoint wrong = new DatabaseEndpoint(dialect, endpoint.jdbcUrl(), endpoint.r2dbcUrl(), "u", "pw");
        assertThatThrownBy(() -> Databases.external(wrong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jdbc:" + DatabaseEndpoint.scheme(dialect));
    }
}
