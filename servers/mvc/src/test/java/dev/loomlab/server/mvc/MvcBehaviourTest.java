package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.verify.Burst;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The seeds' behaviour, bounded: what one flag changes, and what a busy port does. */
class MvcBehaviourTest {

    /** Seed 004: 600 requests of 2 s take ceil(600/200) x 2 s = 6 s on 200 platform threads. */
    @Test
    void platformThreadsServeABurstInWavesOfTwoHundred() {
        try (RunningMvcServer server = RunningMvcServer.start(false, Dialect.POSTGRES)) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/block?ms=2000", 600, Duration.ofSeconds(30));

            assertThat(burst.ok()).isEqualTo(600);
            assertThat(burst.wallTime()).isBetween(Duration.ofMillis(5_900), Duration.ofSeconds(12));
        }
    }

    /** Seed 004: the same burst on virtual threads takes about one service time. */
    @Test
    void virtualThreadsServeTheSameBurstAtOnce() {
        try (RunningMvcServer server = RunningMvcServer.start(true, Dialect.POSTGRES)) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/block?ms=2000", 600, Duration.ofSeconds(30));

            assertThat(burst.ok()).isEqualTo(600);
            assertThat(burst.wallTime()).isBetween(Duration.ofMillis(2_000), Duration.ofMillis(4_500));
        }
    }

    /** A port already taken is a clear one-line refusal and a non-zero exit, not a hang. */
    @Test
    void aBusyPortIsRefusedWithAClearMessage() throws Exception {
        DatabaseEndpoint db = SharedDatabases.get(Dialect.POSTGRES);
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            ProcessBuilder builder = new ProcessBuilder(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-cp", System.getProperty("java.class.path"),
                    Launcher.class.getName(),
                    "--server.port=" + taken.getLocalPort(),
                    "--loomlab.pool-size=2")
                    .redirectErrorStream(true);
            builder.environment().put("SPRING_DATASOURCE_URL", db.jdbcUrl());
            builder.environment().put("SPRING_DATASOURCE_USERNAME", db.user());
            builder.environment().put("SPRING_DATASOURCE_PASSWORD", db.password());
            Process server = builder.start();
            try {
                String output = new String(server.getInputStream().readAllBytes());
                assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(server.exitValue()).isNotZero();
                assertThat(output).contains("Port " + taken.getLocalPort() + " was already in use");
            } finally {
                server.destroyForcibly();
            }
        }
    }
}
