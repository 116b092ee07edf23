package dev.loomlab.lab.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.settings.Topology;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The split topology's namespaces, bridge and delayed link exist while the lab holds them and are
 * gone afterwards — after close(), and after Ctrl-C to a real lab in the middle of a run.
 */
class NamespacesTest {
    static final Topology DELAYED = new Topology(Topology.SPLIT_MODE, Duration.ofMillis(3), Duration.ZERO, Duration.ofMillis(1), Duration.ZERO);

    @Test
    void setUpMakesEveryNamespaceAndTearDownLeavesNoneBehind() throws Exception {
        String mine = "loomlab-" + ProcessHandle.current().pid() + "-";
        Namespaces ns = Namespaces.create(DELAYED, 2, CpuLayout.forCores(2, false));
        InetAddress app;
        try {
            assertThat(LabNamespaces.list()).filteredOn(n -> n.startsWith(mine))
                    .containsExactlyInAnyOrder(ns.driverNamespace(1), ns.driverNamespace(2), ns.appNamespace(), ns.dbNamespace());
            app = InetAddress.getByName(ns.appAddress());
            // The lab's own namespaces are not remote hosts; anything else of 10.231/16 is.
            assertThat(LabNamespaces.isLabAddress(app)).isTrue();
            assertThat(LabNamespaces.isLabAddress(InetAddress.getByName(ns.driverAddress(2)))).isTrue();
            assertThat(LabNamespaces.isLabAddress(InetAddress.getByName("192.0.2.7"))).isFalse();
            // Nothing listens in the app's namespace yet: reaching it through the bridge and the delayed
            // link is a refusal (RST), not a timeout.
            InetAddress target = app;
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(target, 9), 2_000);
                }
            }).isInstanceOf(java.net.ConnectException.class);
        } finally {
            ns.close();
        }
        ns.close();
        assertThat(LabNamespaces.list()).noneMatch(n -> n.startsWith(mine));
        assertThat(SplitTopologyRunTest.links()).doesNotContain(" ll" + ProcessHandle.current().pid() + "x");
        assertThat(LabNamespaces.isLabAddress(app)).as("once deleted, the address is nobody's").isFalse();
    }

    @Test
    void ctrlCToARealLabInTheSplitTopologyDeletesItsNamespaces(@TempDir Path out) throws Exception {
        Path console = out.resolve("lab-console.log");
        // A suite started in the background (a non-interactive shell's "&") runs with SIGINT ignored, and a JVM keeps
        // an ignored SIGINT ignored: the lab is started with it at its default, as in a terminal where Ctrl-C reaches it.
        Process lab = new ProcessBuilder("env", "--default-signal=INT", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Loomlab.class.getName(),
                "run", "--models", "mvc-virtual", "--scenarios", "block", "--vus", "10", "--sleep-ms", "100",
                "--warmup", "1s", "--duration", "30s", "--heap", "256m", "--topology", "split", "--app-latency", "1ms",
                "--out", out.resolve("results").toString())
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        String its = "loomlab-" + lab.pid() + "-";
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
            // The load is running: server, database and driver are up in their namespaces.
            while (!Files.readString(console).contains("measure") && System.nanoTime() < deadline && lab.isAlive()) {
                Thread.sleep(200);
            }
            assertThat(LabNamespaces.list()).as(Files.readString(console)).filteredOn(n -> n.startsWith(its)).hasSize(3);
            List<ProcessHandle> started = lab.toHandle().descendants().filter(ProcessHandle::isAlive).toList();

            new ProcessBuilder("kill", "-INT", String.valueOf(lab.pid())).inheritIO().start().waitFor();

            assertThat(lab.waitFor(20, TimeUnit.SECONDS)).as("the lab exits").isTrue();
            long deadline2 = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline2) {
                Thread.sleep(100);
            }
            assertThat(started).filteredOn(ProcessHandle::isAlive)
                    .extracting(p -> p.info().commandLine().orElse("pid " + p.pid()))
                    .as("processes the lab started, alive 10 s after it exited").isEmpty();
            assertThat(LabNamespaces.list()).as("namespaces after Ctrl-C").noneMatch(n -> n.startsWith(its));
            assertThat(SplitTopologyRunTest.links()).doesNotContain(" ll" + lab.pid() + "x");
        } finally {
            // Should an assertion fail first: the lab's children go by PID, all but the database guard, which stops the
            // run's PostgreSQL (daemonised: no descendant) once the lab is gone; killed with the rest, it left it running.
            lab.toHandle().descendants().filter(p -> !p.info().commandLine().orElse("").contains("loomlab-db-guard"))
                    .forEach(ProcessHandle::destroyForcibly);
            lab.destroyForcibly();
        }
    }
}
