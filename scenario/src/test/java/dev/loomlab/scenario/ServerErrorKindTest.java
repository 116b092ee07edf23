package dev.loomlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ServerErrorKindTest {

    @Test
    void hikarisTimeoutIsAPoolTimeoutEvenWrappedInADataAccessError() {
        var hikari = new SQLTransientConnectionException("HikariPool-1 - Connection is not available, request timed out after 30000ms");
        var wrapped = new RuntimeException("Failed to obtain JDBC Connection", hikari);

        assertThat(ServerErrorKind.of(wrapped)).isEqualTo(ServerErrorKind.POOL_TIMEOUT);
        assertThat(ServerErrorKind.POOL_TIMEOUT.status()).isEqualTo(503);
        assertThat(ServerErrorKind.POOL_TIMEOUT.body(wrapped))
                .isEqualTo("pool-timeout: HikariPool-1 - Connection is not available, request timed out after 30000ms");
    }

    @Test
    void aFailedStatementIsADatabaseError() {
        var e = new RuntimeException("bad SQL", new SQLException("syntax error\nat line 1"));

        assertThat(ServerErrorKind.of(e)).isEqualTo(ServerErrorKind.DB_ERROR);
        assertThat(ServerErrorKind.DB_ERROR.body(e)).isEqualTo("db-error: syntax error");
    }

    @Test
    void anythingElseIsOther() {
        assertThat(ServerErrorKind.of(new TimeoutException("downstream"))).isEqualTo(ServerErrorKind.OTHER);
        assertThat(ServerErrorKind.OTHER.id()).isEqualTo("other");
    }
}
