package dev.loomlab.lab.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JdbcDriverTest {

    @Test
    void aMysqlDriverGetsTheSameDatabaseUnderItsSchemeWithoutTls() {
        assertThat(JdbcDriver.MYSQL_8.url("jdbc:mariadb://127.0.0.1:3307/loomlab"))
                .isEqualTo("jdbc:mysql://127.0.0.1:3307/loomlab?sslMode=DISABLED");
        assertThat(JdbcDriver.MYSQL_9.url("jdbc:mariadb://127.0.0.1:3307/loomlab?connectTimeout=5000"))
                .isEqualTo("jdbc:mysql://127.0.0.1:3307/loomlab?connectTimeout=5000&sslMode=DISABLED");
        assertThat(JdbcDriver.MARIADB.url("jdbc:mariadb://127.0.0.1:3307/loomlab")).isEqualTo("jdbc:mariadb://127.0.0.1:3307/loomlab");
    }

    /** The lab trusts the server's own report of its driver, not the flag it was given. */
    @Test
    void aServerLogProvesWhichDriverRan() {
        String log = "some line\nloomlab-jdbc-driver MySQL Connector/J mysql-connector-j-8.1.0 (Revision: 7b6f9a3)\nloomlab-ready http://x";

        assertThat(JdbcDriver.MYSQL_8.ranIn(log)).isTrue();
        assertThat(JdbcDriver.MYSQL_9.ranIn(log)).isFalse();
        assertThat(JdbcDriver.MARIADB.ranIn("loomlab-jdbc-driver MariaDB Connector/J 3.5.8")).isTrue();
        assertThat(JdbcDriver.MARIADB.ranIn("loomlab-jdbc-driver PostgreSQL JDBC Driver 42.7.8")).isFalse();
    }

    @Test
    void theBuildCopiedEveryMysqlDriverBesideTheLab() {
        JdbcDriver.all().stream().filter(d -> !d.bundled()).forEach(d -> assertThat(Files.isRegularFile(d.jar())).as(d.id()).isTrue());
    }

    @Test
    void anUnknownDriverIsRefusedWithTheAllowedOnes() {
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("jdbcDrivers", "mysql-5.1", "database", "mariadb")))
                .isInstanceOf(PlanException.class)
                .hasMessage("jdbcDrivers: unknown driver 'mysql-5.1' (allowed: mariadb, mysql-8.1.0, mysql-9.5.0)");
    }

    @Test
    void theDriverAxisNeedsMariaDb() {
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("jdbcDrivers", "mysql-8.1.0", "database", "postgres")))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("jdbcDrivers: every driver of the axis speaks MySQL's protocol: set database: mariadb");
    }
}
