package dev.loomlab.server.helidon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The server as the lab starts it: a JVM of its own through the launcher, the lab's arguments on
 * the command line and the database in the environment, ready when it prints the line the lab waits for.
 */
class HelidonProcessTest {
    /** The lab's own pattern for the ready line (server/ServerProcess). */
    private static final Pattern READY = Pattern.compile("loomlab-ready (http://\\S+)(?: management=(http://\\S+))?");

    @Test
    void startsOnTheLabsCommandLineAndAnnouncesBothPorts() throws Exception {
        Process server = launch(List.of("--server.port=0", "--server.shutdown=immediate", "--loomlab.pool-size=5",
                "--loomlab.pool-timeout-ms=30000"));
        try {
            List<String> lines = new ArrayList<>();
            Matcher ready = null;
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            for (String line; ready == null && (line = out.readLine()) != null; ) {
                lines.add(line);
                Matcher m = READY.matcher(line);
                ready = m.find() ? m : null;
            }
            assertThat(ready).as("the ready line in %s", lines).isNotNull();
            assertThat(ready.group(1)).startsWith("http://127.0.0.1:");
            assertThat(ready.group(2)).as("a management port of its own").startsWith("http://127.0.0.1:").isNotEqualTo(ready.group(1));
            assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("loomlab server model=helidon-virtual").contains("pool=5"));
            assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("loomlab-jdbc-driver PostgreSQL JDBC Driver"));
            assertThat(HelidonContractTest.get(ready.group(1) + "/block?ms=5").body()).isEqualTo("slept 5 ms");
            assertThat(HelidonContractTest.get(ready.group(2) + ServerMetrics.PATH).body()).contains("hikaricp_connections_max{pool=\"loomlab\"} 5.0");
        } finally {
            server.destroy();
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).as("stops on SIGTERM").isTrue();
        }
    }

    @Test
    void anArgumentItDoesNotKnowIsExitTwoWithOneLine() throws Exception {
        Process server = launch(List.of("--server.tomcat.threads.max=10"));
        String output = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(server.exitValue()).isEqualTo(2);
        assertThat(output.strip()).startsWith("loomlab server model=helidon-virtual refuses to start: unknown argument --server.tomcat.threads.max")
                .doesNotContain("\n");
    }

    private static Process launch(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Launcher.class.getName()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(RunningHelidonServer.environment(Dialect.POSTGRES));
        return builder.start();
    }
}
