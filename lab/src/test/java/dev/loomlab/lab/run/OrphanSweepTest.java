package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.lab.os.LabNamespaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * At start-up the lab deletes the namespaces, bridges and links a lab killed before its guard could sweep left
 * behind — their names hold its pid, which no process has any more — and nothing of a lab that still runs.
 */
class OrphanSweepTest {

    @Test
    void aDeadLabsNamespaceAndBridgeAreDeletedALiveLabsAreKept() throws Exception {
        assumeTrue(Files.isWritable(Path.of("/run")) && LabNamespaces.ipCommand().length() > 0, "needs root and iproute2");
        long dead = deadPid();
        long alive = ProcessHandle.current().parent().orElseThrow().pid(); // not this JVM, and running
        String deadNs = "loomlab-" + dead + "-1-app";
        String deadBridge = "ll" + dead + "x1b";
        String liveNs = "loomlab-" + alive + "-9-app";
        try {
            ip("netns", "add", deadNs);
            ip("link", "add", deadBridge, "type", "bridge");
            ip("netns", "add", liveNs);

            LabNamespaces.Swept swept = Preflight.sweepLeftovers();

            assertThat(swept.namespaces()).contains(deadNs).doesNotContain(liveNs);
            assertThat(swept.links()).contains(deadBridge);
            assertThat(swept.labs()).contains(dead).doesNotContain(alive);
            assertThat(LabNamespaces.list()).doesNotContain(deadNs).contains(liveNs);
            assertThat(ip("-o", "link", "show")).doesNotContain(" " + deadBridge + ":");
        } finally {
            tryIp("netns", "delete", deadNs);
            tryIp("netns", "delete", liveNs);
            tryIp("link", "delete", deadBridge);
        }
    }

    /** A pid that ran and ended: that of a process this test started and waited for. */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    private static String ip(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(LabNamespaces.ipCommand()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", command) + ": " + out).isZero();
        return out;
    }

    private static void tryIp(String... args) {
        try {
            ip(args);
        } catch (Exception | AssertionError e) {
            // deleted by the sweep, as it should be
        }
    }
}
