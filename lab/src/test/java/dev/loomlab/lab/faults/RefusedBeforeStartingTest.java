package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.testing.LabJvm;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Faults the lab sees before it starts anything — a busy port, an open-files limit too low, an
 * output folder it cannot write, a plan with a field it does not know, a remote target: exit 2,
 * one line naming what is wrong and what to do, and no process left behind.
 */
class RefusedBeforeStartingTest {
    @TempDir
    Path tmp;

    @Test
    void aBusyPortIsNamedBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = taken.getLocalPort();
            Outcome o = inProcess("serve", "mvc-virtual", "--port", String.valueOf(port));
            o.isOneLineExitTwo("port " + port + " on 127.0.0.1 is busy (another process listens there): "
                    + "choose another with --port, or --port 0 for a free one");
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList()).isEmpty();
    }

    @Test
    void anOpenFilesLimitTooLowForTheVusIsRefusedByARealLab() throws Exception {
        // A real lab JVM under a hard limit of 512 (the JVM raises its soft limit to the hard one).
        LabJvm.Exit exit = LabJvm.run(tmp, List.of("bash", "-c", "ulimit -n 512 && exec \"$0\" \"$@\""),
                "run", "--vus", "3000", "--out", tmp.resolve("results").toString());
        List<String> lines = exit.stderr();
        assertThat(exit.status()).as(String.join("\n", lines)).isEqualTo(2);
        assertThat(lines).containsExactly(
                "loomlab: the open-files limit 512 is too low for 3000 VUs: run 'ulimit -n 4096' (or higher) in this shell first");
        assertThat(tmp.resolve("results")).doesNotExist();
    }

    @Test
    void anOutputFolderThatCannotBeWrittenIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-folder"), "x");
        Outcome o = inProcess("run", "--vus", "10", "--out", file.resolve("results").toString());
        o.isOneLineExitTwo("the output folder " + file.resolve("results").toAbsolutePath() + " is not writable (");
        assertThat(o.err).contains("choose another with --out");
    }

    @Test
    void aPlanFileWithAnUnknownFieldNamesItAndTheAllowedOnes() throws Exception {
        Path plan = Files.writeString(tmp.resolve("mine.yaml"), "name: mine\nvus: 10\nthreads: 200\n");
        inProcess("run", "--plan", plan.toString(), "--out", tmp.toString())
                .isOneLineExitTwo("plan " + plan + ": unknown field 'threads' (allowed: "
                        + String.join(", ", dev.loomlab.lab.plan.PlanLoader.FIELDS) + ")");
    }

    @Test
    void aMalformedPlanFileSaysWhereAndNeverShowsAStackTrace() throws Exception {
        Path plan = Files.writeString(tmp.resolve("broken.yaml"), "name: broken\nmodels: [mvc-virtual\nvus: : :\n");
        Outcome o = inProcess("run", "--plan", plan.toString(), "--out", tmp.toString());
        o.isOneLineExitTwo("plan " + plan + ": not valid YAML: ");
        assertThat(o.err).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aValueOutsideItsFieldsAllowedOnesIsNamed() throws Exception {
        Path plan = Files.writeString(tmp.resolve("engines.yaml"), "name: engines\nengine: jmeter\n");
        inProcess("run", "--plan", plan.toString(), "--out", tmp.toString())
                .isOneLineExitTwo("engine: unknown value 'jmeter' (allowed: hyperfoil, k6, wrk)");
    }

    @Test
    void aHeaderWithALineBreakIsRefusedOnOneLineBeforeAnythingStarts() throws Exception {
        Path plan = Files.writeString(tmp.resolve("smuggle.yaml"), "name: smuggle\nrequests:\n  - name: item\n    path: /items\n"
                + "    headers:\n      Authorization: \"Bearer s3cr3t\\r\\nX-Injected: yes\"\n");
        Outcome o = inProcess("run", "--plan", plan.toString(), "--target", "http://127.0.0.1:9", "--out", tmp.toString());
        o.isOneLineExitTwo("requests.item.headers.Authorization: its value holds a line break or control character at character 14");
        assertThat(o.err).doesNotContain("s3cr3t");
    }

    @Test
    void aRemoteTargetIsRefusedUnlessAllowed() throws Exception {
        inProcess("run", "--target", "http://192.0.2.7:8080", "--out", tmp.toString())
                .isOneLineExitTwo("refusing target host '192.0.2.7': it resolves to [192.0.2.7], not a loopback address");
    }

    @Test
    void resumingAFolderThatIsNoRunIsRefused() throws Exception {
        inProcess("run", "--resume", tmp.toString())
                .isOneLineExitTwo("--resume " + tmp + ": not a run folder (no manifest.json)");
    }

    private record Outcome(int exit, String err) {
        void isOneLineExitTwo(String expected) {
            assertThat(exit).as(err).isEqualTo(2);
            List<String> lines = err.lines().toList();
            assertThat(lines).as("one line").hasSize(1);
            assertThat(lines.getFirst()).startsWith("loomlab: ").contains(expected);
        }
    }

    private static Outcome inProcess(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = Loomlab.commandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.getSubcommands().values().forEach(c -> c.setErr(new PrintWriter(err, true)));
        int exit = cli.execute(args);
        return new Outcome(exit, err.toString());
    }
}
