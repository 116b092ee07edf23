package dev.loomlab.server.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.database.SharedDatabases;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RunningServletServer;
import dev.loomlab.server.testkit.ServletBurstTest;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The seeds' behaviour, bounded: what one flag changes (seed 004's bursts, shared with the legacy
 * server) and what a busy port does.
 */
class MvcBehaviourTest extends ServletBurstTest {
    MvcBehaviourTest() {
        super((virtual, dialect) -> RunningServletServer.start(MvcServer.class, virtual, dialect));
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
