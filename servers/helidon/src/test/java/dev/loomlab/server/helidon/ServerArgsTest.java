package dev.loomlab.server.helidon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.scenario.Dialect;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lab's arguments and environment, read as the Spring servers read them. */
class ServerArgsTest {
    private static final Map<String, String> ENV = Map.of(
            "SPRING_DATASOURCE_URL", "jdbc:mariadb://127.0.0.1:3306/loomlab",
            "SPRING_DATASOURCE_USERNAME", "lab",
            "SPRING_DATASOURCE_PASSWORD", "secret");

    @Test
    void theLabsCommandLineIsHonoured() {
        ServerArgs args = ServerArgs.parse(new String[] {"--server.port=0", "--server.shutdown=immediate",
                "--loomlab.pool-size=150", "--loomlab.pool-timeout-ms=2000", "--loomlab.downstream-url=http://127.0.0.1:9"}, ENV::get);

        assertThat(args.port()).isZero();
        assertThat(args.address()).isEqualTo("127.0.0.1");
        assertThat(args.managementAddress()).isEqualTo("127.0.0.1");
        assertThat(args.managementPort()).as("a free port of its own").isZero();
        assertThat(args.poolSize()).isEqualTo(150);
        assertThat(args.poolTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(args.dialect()).isEqualTo(Dialect.MARIADB);
        assertThat(args.user()).isEqualTo("lab");
        assertThat(args.password()).isEqualTo("secret");
        assertThat(args.gracefulShutdown()).isFalse();
    }

    @Test
    void withoutArgumentsItIsTheSeedsPoolOnLoopback() {
        ServerArgs args = ServerArgs.parse(new String[0], ENV::get);

        assertThat(args.poolSize()).isEqualTo(150);
        assertThat(args.poolTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(args.port()).isEqualTo(8080);
        assertThat(args.toString()).doesNotContain("secret");
    }

    @Test
    void anArgumentWinsOverTheEnvironment() {
        ServerArgs args = ServerArgs.parse(new String[] {"--spring.datasource.url=jdbc:postgresql://h:5432/db"}, ENV::get);

        assertThat(args.dialect()).isEqualTo(Dialect.POSTGRES);
    }

    @Test
    void anUnknownArgumentIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> ServerArgs.parse(new String[] {"--server.tomcat.threads.max=10"}, ENV::get))
                .isInstanceOf(ServerArgs.BadArgument.class)
                .hasMessageStartingWith("unknown argument --server.tomcat.threads.max (known: --server.address,");
    }

    @Test
    void aBadNumberOrAMissingDatabaseIsOneLine() {
        assertThatThrownBy(() -> ServerArgs.parse(new String[] {"--loomlab.pool-size=many"}, ENV::get))
                .hasMessage("--loomlab.pool-size must be a whole number from 1, got 'many'");
        assertThatThrownBy(() -> ServerArgs.parse(new String[0], name -> null))
                .isInstanceOf(ServerArgs.BadArgument.class).hasMessageContaining("spring.datasource.url is not set");
    }
}
