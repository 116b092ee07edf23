package dev.loomlab.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedded server never outlives its JVM, even one killed with SIGKILL (no shutdown hooks run): the guard stops
 * it and deletes its data. Also shows the options at work (connection limit, fixed port, data directory parent).
 */
class OrphanGuardTest {

    @TempDir
    Path parent;

    @Test
    void aKilledJvmLeavesNoServerAndNoDataBehind() throws Exception {
        int port = Ports.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", OrphanProbe.class.getName(),
                "postgres", "120", Integer.toString(port), parent.toString())
                .redirectErrorStream(true)
                .start();
        try {
            String ready = CompletableFuture.supplyAsync(() -> readyLine(child)).get(90, TimeUnit.SECONDS);
            String[] parts = ready.split(" ");
            long pid = Long.parseLong(parts[1]);
            Path instanceDir = Path.of(parts[2]);

            assertThat(instanceDir.getParent()).isEqualTo(parent);
            assertThat(ServerProcesses.isRunning(pid)).isTrue();
            DatabaseEndpoint endpoint = DatabaseEndpoint.of(dev.loomlab.scenario.Dialect.POSTGRES, "127.0.0.1", port,
                    "loomlab", "loomlab", parts[3]);
            try (Connection c = Jdbc.connect(endpoint); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("show max_connections")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("120");
            }

            child.destroyForcibly(); // SIGKILL: no shutdown hook runs
            child.waitFor(10, TimeUnit.SECONDS);

            long t0 = System.nanoTime();
            assertThat(ServerProcesses.awaitGone(pid, Duration.ofSeconds(20))).as("postmaster %d gone", pid).isTrue();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (Files.exists(instanceDir) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            System.out.println("TIMING orphan cleanup " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            assertThat(instanceDir).doesNotExist();
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
            }
        } finally {
            child.destroyForcibly();
        }
    }

    /** The child's READY line; what it prints after that is drained in the background so it never blocks. */
    private static String readyLine(Process child) {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        List<String> seen = new java.util.ArrayList<>();
        try {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("READY ")) {
                    Thread.ofVirtual().start(() -> drain(out));
                    return line;
                }
                seen.add(line);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new IllegalStateException("child exited without READY: " + String.join("\n", seen));
    }

    private static void drain(BufferedReader out) {
        try (out) {
            while (out.readLine() != null) {
                // discard
            }
        } catch (java.io.IOException closed) {
            // the child is gone
        }
    }
}
