package dev.loomlab.lab.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.e2e.InProcessLab;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.testing.LabJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the split topology and load agents cannot do is refused before anything starts: exit 2,
 * one line naming what is wrong and what to do, no namespace made, no folder written.
 */
class TopologyRefusedTest {
    @TempDir
    Path tmp;

    @Test
    void aLabThatIsNotRootIsToldTheSplitTopologyNeedsRoot() throws Exception {
        // A real lab JVM in a user namespace of its own: uid 65534 there, no right to make network namespaces.
        LabJvm.Exit exit = LabJvm.run(tmp, List.of("unshare", "-U"),
                "run", "--models", "mvc-virtual", "--scenarios", "block", "--topology", "split", "--out", tmp.resolve("results").toString());
        List<String> lines = exit.stderr();
        assertThat(exit.status()).as(String.join("\n", lines)).isEqualTo(2);
        assertThat(lines).containsExactly("loomlab: topology split needs root: it creates network namespaces (ip netns add)"
                + " and a bridge — run as root, or use --topology local");
        assertThat(tmp.resolve("results")).doesNotExist();
        assertThat(LabNamespaces.list()).noneMatch(n -> n.startsWith("loomlab-" + exit.pid() + "-"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--topology mesh                                   | topology: unknown value 'mesh' (allowed: local, split)",
        "--app-latency 5ms                                 | appLatency, appJitter, dbLatency and dbJitter need topology: split",
        "--topology split --app-latency fast               | appLatency: cannot read 'fast' as a delay (examples: 2ms, 0.2ms, 500us, 0)",
        "--topology split --db-latency 2s                  | dbLatency must be at most 1s, got 2s",
        "--topology split --app-latency 1ms --app-jitter 2ms | a jitter must not exceed its latency",
        "--topology split --app-latency 0.5us              | appLatency: '0.5us' is finer than a microsecond",
        "--agents 0                                        | agents: between 1 and 16 agents, got 0",
        "--agents 17 --engine k6                           | agents: between 1 and 16 agents, got 17",
        "--agents ftp://me@host --engine k6                | agents: cannot read 'ftp://me@host' as a load agent (netns, or ssh://user@host[:port])",
        "--agents ssh://me@host:70000 --engine k6          | agents: port 70000 of 'ssh://me@host:70000' is not between 1 and 65535",
        "--agents 2 --topology split                       | agents: load agents run --engine k6 (hyperfoil runs as one driver",
        "--agents 4 --vus 3 --engine k6 --topology split   | agents: 4 agents need at least as many VUs, got 3",
        "--agents 2 --burst 100 --engine k6                | agents: a burst is timed from its first send to its last answer by one driver",
        "--agents 2 --engine k6                            | agents: netns agents are namespaces of the split topology: add --topology split",
        "--agents ssh://me@h --engine k6 --topology split  | agents: the split topology's server is on a bridge of this machine only",
        "--topology split --engine wrk                     | topology split drives load with the hyperfoil driver",
        "--topology split --engine k6                      | use --engine hyperfoil, or add --agents 1",
        "--topology split --scenarios fan-out-parallel     | topology split does not run the fan-out scenarios yet",
        "--topology split --target http://127.0.0.1:8080   | --target measures a server already running",
    })
    void badValuesAreOneLineExitTwo(String flags, String expected) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--models", "mvc-virtual", "--scenarios", "block"));
        args.addAll(List.of(flags.trim().split("\\s+")));
        args.addAll(List.of("--out", tmp.resolve("results").toString()));

        InProcessLab.Exit exit = InProcessLab.execute(args.toArray(String[]::new));

        assertThat(exit.status()).as(exit.stderr()).isEqualTo(2);
        assertThat(exit.stderr().lines().toList()).as("one line").hasSize(1).first().asString()
                .startsWith("loomlab: ").contains(expected);
        assertThat(tmp.resolve("results")).doesNotExist();
    }
}
