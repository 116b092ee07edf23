package dev.loomlab.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.database.Databases;
import dev.loomlab.database.EmbeddedOptions;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.server.ServerProcess;
import dev.loomlab.lab.server.ServerSpec;
import dev.loomlab.lab.testing.Launcher;
import dev.loomlab.lab.testing.RunFolders;
import dev.loomlab.scenario.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A remote-looking target — a name, not 127.x as written, that resolves to the address of a server in a network
 * namespace of this test's own (not one of the lab's, so the lab counts it as remote) — is refused without
 * {@code --allow-remote-target} and measured with it, by every engine. The name resolves through an {@code /etc/hosts}
 * of the lab's own mount namespace ({@code unshare --mount} and a bind mount): the machine's file is never edited, and
 * the lab, its driver JVM, k6 and wrk all resolve it the same way. Through the real {@code ./loomlab}. Long: runs with
 * {@code ./loomlab test-long}.
 */
class RemoteTargetIT {
    private static final long PID = ProcessHandle.current().pid();
    private static final String NAMESPACE = "remote-it-" + PID;
    private static final String HOST_LINK = "rt" + PID + "h";
    private static final String SUBNET = "10.199." + (1 + PID % 250);
    private static final String SERVER_ADDRESS = SUBNET + ".2";
    private static final String NAME = "server.loomlab-remote.example";

    @TempDir
    static Path dir;
    static RunningDatabase db;
    static ServerProcess server;
    static Path hosts;

    @BeforeAll
    static void serverInANamespaceOfItsOwn() throws Exception {
        assumeTrue(Files.isWritable(Path.of("/run")) && !LabNamespaces.ipCommand().isEmpty(), "needs root and iproute2");
        ip("netns", "add", NAMESPACE);
        ip("link", "add", HOST_LINK, "type", "veth", "peer", "name", "eth0", "netns", NAMESPACE);
        ip("addr", "add", SUBNET + ".1/24", "dev", HOST_LINK);
        ip("link", "set", HOST_LINK, "up");
        ip("-n", NAMESPACE, "addr", "add", SERVER_ADDRESS + "/24", "dev", "eth0");
        ip("-n", NAMESPACE, "link", "set", "eth0", "up");
        ip("-n", NAMESPACE, "link", "set", "lo", "up");
        CpuLayout cpus = CpuLayout.forCores(Runtime.getRuntime().availableProcessors(), false);
        // The server and its database both in the namespace, as the split topology runs them.
        List<String> inNamespace = List.of(LabNamespaces.ipCommand(), "netns", "exec", NAMESPACE);
        db = Databases.startEmbedded(Dialect.POSTGRES, EmbeddedOptions.defaults().withBindAddress(SERVER_ADDRESS).withLaunchPrefix(inNamespace));
        server = ServerProcess.start(new ServerSpec(Model.byId("mvc-virtual"), Jdk.current(), "256m", 10, db.endpoint(), cpus, 0,
                dir.resolve("server.log"), null, Duration.ofSeconds(180),
                List.of("--server.address=" + SERVER_ADDRESS, "--management.server.address=" + SERVER_ADDRESS), null,
                inNamespace));
        hosts = dir.resolve("hosts");
        Files.writeString(hosts, Files.readString(Path.of("/etc/hosts")) + "\n" + SERVER_ADDRESS + " " + NAME + "\n");
    }

    @AfterAll
    static void removeIt() throws Exception {
        if (server != null) {
            server.close();
        }
        if (db != null) {
            db.close();
        }
        tryIp("netns", "delete", NAMESPACE);
        tryIp("link", "delete", HOST_LINK);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hyperfoil", "k6", "wrk"})
    void aRemoteLookingTargetIsRefusedWithoutTheFlagAndMeasuredWithIt(String engine, @TempDir Path out) throws Exception {
        String target = server.baseUrl().replace(SERVER_ADDRESS, NAME);
        assertThat(target).as("remote-looking: a name, not a loopback address").startsWith("http://" + NAME + ":");
        List<String> flags = List.of("run", "--target", target, "--scenarios", "block", "--sleep-ms", "20", "--vus", "5",
                "--warmup", "1s", "--duration", "3s", "--engine", engine, "--out", out.resolve("results").toString());

        Process refused = lab(out.resolve("refused.log"), flags);
        assertThat(refused.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String refusal = Files.readString(out.resolve("refused.log"));
        assertThat(refused.exitValue()).as(refusal).isEqualTo(2);
        assertThat(refusal).contains("refusing target host '" + NAME + "'").contains(SERVER_ADDRESS).contains("--allow-remote-target");

        List<String> allowed = new ArrayList<>(flags);
        allowed.add("--allow-remote-target");
        Process run = lab(out.resolve("allowed.log"), allowed);
        assertThat(run.waitFor(300, TimeUnit.SECONDS)).isTrue();
        String console = Files.readString(out.resolve("allowed.log"));
        assertThat(run.exitValue()).as(console).isZero();
        List<CellResult> cells = new RunFolder(RunFolders.only(out.resolve("results"))).readCells();
        assertThat(cells).singleElement().satisfies(cell -> {
            assertThat(cell.succeeded()).as(cell.failure()).isTrue();
            assertThat(cell.engine()).isEqualTo(engine);
            assertThat(cell.requests()).isPositive();
        });
    }

    /** The launcher in a mount namespace of its own whose /etc/hosts names the server. */
    private static Process lab(Path console, List<String> args) throws Exception {
        return Launcher.start(console, List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
                "mount --bind \"$0\" /etc/hosts && exec \"$@\"", hosts.toString()), args.toArray(String[]::new));
    }

    private static void ip(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(LabNamespaces.ipCommand()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", command) + ": " + text).isZero();
    }

    private static void tryIp(String... args) {
        try {
            ip(args);
        } catch (Exception | AssertionError e) {
            // gone with the namespace
        }
    }
}
