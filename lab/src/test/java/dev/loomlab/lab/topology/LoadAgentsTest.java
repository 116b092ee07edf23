package dev.loomlab.lab.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * k6 on load agents reached over real SSH (an sshd in each agent namespace of the split topology): an agent killed
 * mid-cell fails that cell with the reason, and the run goes on. Two agents loading as one does: {@link LoadAgentsIT}.
 */
class LoadAgentsTest {
    @Test
    void anAgentKilledMidCellFailsTheCellWithTheReasonAndTheRunGoesOn(@TempDir Path out) throws Exception {
        AtomicBoolean killed = new AtomicBoolean();
        List<String> api = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread killer = Thread.ofPlatform().daemon().start(() -> {
            killSecondAgentOnce(killed, () -> api.addAll(reachOfTheAgentsApi()));
        });
        RunFolder run;
        try {
            int status = dev.loomlab.lab.cli.Loomlab.commandLine().execute("run", "--models", "mvc-virtual", "--scenarios", "block",
                    "--sleep-ms", "50", "--vus", "10", "--warmup", "1s", "--duration", "8s", "--rounds", "2", "--heap", "256m",
                    "--topology", "split", "--engine", "k6", "--agents", "2", "--out", out.toString());
            assertThat(status).as("a run with a failed cell exits 1").isEqualTo(1);
            run = new RunFolder(dev.loomlab.lab.testing.RunFolders.only(out));
        } finally {
            killer.interrupt();
        }
        assertThat(killed).as("agent 2's k6 was found and killed").isTrue();
        // k6's REST API has no authentication: whoever reaches it can pause, scale or stop a test mid-window
        assertThat(api).as("the lab reached the agents' k6 API, another local user did not, nor any TCP port")
                .containsExactly("root: answered", "root: answered", "nobody: refused", "nobody: refused");
        List<CellResult> cells = run.readCells();
        assertThat(cells).hasSize(2);
        assertThat(cells.get(0).succeeded()).isFalse();
        assertThat(cells.get(0).failure()).contains("agent 2 (netns 10.231.").contains("k6 exited with 137 (killed)");
        assertThat(cells.get(1).succeeded()).as(String.valueOf(cells.get(1).failure())).isTrue();
        assertThat(cells.get(1).requests()).isPositive();
        assertThat(LabNamespaces.list()).noneMatch(n -> n.startsWith("loomlab-" + ProcessHandle.current().pid() + "-"));
    }

    /**
     * The k6 of this JVM's agent 2 — the one in this JVM's second driver namespace ({@code loomlab-<pid>-<n>-drv2}), its
     * working folder one that mktemp made (0700, a random name) — SIGKILLed a few seconds into its window.
     */
    private static void killSecondAgentOnce(AtomicBoolean killed, Runnable whileItRuns) {
        Optional<ProcessHandle> k6 = awaitSecondAgentsK6();
        if (k6.isPresent() && resumedAndInItsWindow()) {
            whileItRuns.run();
            killed.set(k6.get().destroyForcibly());
        }
    }

    /**
     * Agent 2's k6 resumed (its own API, through the lab's forward, says it no longer waits paused), then its 1 s warm-up
     * and 1 s of its 8 s window. A fixed 4 s from its start was not enough on a machine a quarter as fast (--slow 4): its
     * start and the agents' common resume took longer, the kill missed the window and the run passed. False if
     * interrupted or not resumed within a minute.
     */
    private static boolean resumedAndInItsWindow() {
        long deadline = System.nanoTime() + 60_000_000_000L;
        try {
            while (System.nanoTime() < deadline) {
                Optional<String> socket = secondAgentsApiSocket();
                if (socket.isPresent() && statusOf(socket.get()).replace(" ", "").contains("\"paused\":false")) {
                    Thread.sleep(2_000);
                    return true;
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** The unix socket of the lab's ssh forward to agent 2's k6 API, once that ssh runs. */
    private static Optional<String> secondAgentsApiSocket() {
        return ProcessHandle.current().descendants().filter(p -> p.info().command().orElse("").endsWith("/ssh"))
                .map(p -> java.util.Arrays.asList(p.info().arguments().orElse(new String[0])))
                .filter(args -> args.contains("-L") && args.get(args.indexOf("-L") + 1).contains("agent-2.sock"))
                .map(args -> args.get(args.indexOf("-L") + 1)).map(spec -> spec.substring(0, spec.indexOf(':'))).findFirst();
    }

    /** k6's {@code GET /v1/status} through {@code socket}: the response as text, or empty when it did not answer. */
    private static String statusOf(String socket) {
        String python = "import socket,sys\ns=socket.socket(socket.AF_UNIX)\ns.settimeout(2)\ns.connect(sys.argv[1])\n"
                + "s.sendall(b'GET /v1/status HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n')\n"
                + "b=b''\nwhile True:\n c=s.recv(4096)\n if not c: break\n b+=c\nsys.stdout.write(b.decode())";
        return run("/usr/bin/python3", "-c", python, socket);
    }

    /** Agent 2's k6 once it runs (checking its working folder is mktemp's, the lab user's alone); empty if interrupted. */
    private static Optional<ProcessHandle> awaitSecondAgentsK6() {
        String mine = "loomlab-" + ProcessHandle.current().pid() + "-";
        while (!Thread.currentThread().isInterrupted()) {
            Optional<ProcessHandle> k6 = ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("/k6")).filter(p -> {
                        try {
                            String cwd = Files.readSymbolicLink(Path.of("/proc/" + p.pid() + "/cwd")).toString();
                            Object net = Files.getAttribute(Path.of("/proc/" + p.pid() + "/ns/net"), "unix:ino");
                            boolean second = LabNamespaces.list().stream().filter(n -> n.startsWith(mine) && n.endsWith("-drv2"))
                                    .anyMatch(n -> {
                                        try {
                                            return net.equals(Files.getAttribute(Path.of("/run/netns/" + n), "unix:ino"));
                                        } catch (IOException e) {
                                            return false;
                                        }
                                    });
                            if (second) {
                                // the folder k6 runs in: mktemp's, the lab user's alone
                                assertThat(cwd).matches("/tmp/loomlab-agent-[A-Za-z0-9]{10}");
                                assertThat(Files.getPosixFilePermissions(Path.of(cwd))).containsExactlyInAnyOrder(
                                        java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                                        java.nio.file.attribute.PosixFilePermission.OWNER_WRITE,
                                        java.nio.file.attribute.PosixFilePermission.OWNER_EXECUTE);
                            }
                            return second;
                        } catch (IOException | UnsupportedOperationException gone) {
                            return false;
                        }
                    }).findFirst();
            if (k6.isPresent()) {
                return k6;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    @Test
    void anAgentsK6EndsWithItsSshSession(@TempDir Path out) throws Exception {
        // A remote agent is beyond the lab's orphan guard: if the lab dies (or the network goes), only the end of its
        // SSH session can stop its k6. Here the session of agent 2 is cut mid-window (its ssh client SIGKILLed) while its
        // namespace, its sshd and the run stay up: its k6, 20 s from the end of its load, must end within seconds.
        java.util.concurrent.atomic.AtomicReference<String> seen = new java.util.concurrent.atomic.AtomicReference<>("agent 2's k6 not found");
        Thread cutter = Thread.ofPlatform().daemon().start(() -> {
            Optional<ProcessHandle> k6 = awaitSecondAgentsK6();
            if (k6.isEmpty() || !resumedAndInItsWindow()) {
                return;
            }
            Optional<ProcessHandle> ssh = ProcessHandle.current().descendants().filter(p -> p.info().command().orElse("").endsWith("/ssh"))
                    .filter(p -> String.join(" ", p.info().arguments().orElse(new String[0])).contains("agent-2.sock")).findFirst();
            if (ssh.isEmpty() || !k6.get().isAlive()) {
                seen.set("agent 2's ssh " + (ssh.isEmpty() ? "not found" : "found, but its k6 had already ended"));
                return;
            }
            long cut = System.nanoTime();
            ssh.get().destroyForcibly();
            try {
                k6.get().onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                seen.set(String.format(java.util.Locale.ROOT, "k6 ended %.1f s after its session", (System.nanoTime() - cut) / 1e9));
            } catch (java.util.concurrent.TimeoutException stillRunning) {
                seen.set("k6 still running 10 s after its session ended");
            } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
                seen.set(e.toString());
            }
        });
        try {
            dev.loomlab.lab.cli.Loomlab.commandLine().execute("run", "--models", "mvc-virtual", "--scenarios", "block",
                    "--sleep-ms", "50", "--vus", "10", "--warmup", "1s", "--duration", "25s", "--rounds", "1", "--heap", "256m",
                    "--topology", "split", "--engine", "k6", "--agents", "2", "--out", out.toString());
        } finally {
            cutter.join(java.time.Duration.ofSeconds(15));
            cutter.interrupt();
        }
        assertThat(seen.get()).startsWith("k6 ended ");
        assertThat(LabNamespaces.list()).noneMatch(n -> n.startsWith("loomlab-" + ProcessHandle.current().pid() + "-"));
    }

    /**
     * For each of this JVM's ssh forwards of an agent's k6 API: its socket answers this (root) user, and refuses the
     * unprivileged {@code nobody}; and the ssh listens on no TCP port. Lines such as {@code root: answered}.
     */
    private static List<String> reachOfTheAgentsApi() {
        List<ProcessHandle> forwards = ProcessHandle.current().descendants()
                .filter(p -> p.info().command().orElse("").endsWith("/ssh"))
                .filter(p -> java.util.Arrays.asList(p.info().arguments().orElse(new String[0])).contains("-L")).toList();
        List<String> seen = new java.util.ArrayList<>();
        List<String> refused = new java.util.ArrayList<>();
        for (ProcessHandle ssh : forwards) {
            List<String> args = java.util.Arrays.asList(ssh.info().arguments().orElseThrow());
            String spec = args.get(args.indexOf("-L") + 1);
            String socket = spec.substring(0, spec.indexOf(':'));
            seen.add(connectAs("root", socket));
            refused.add(connectAs("nobody", socket));
            String listening = run("ss", "-ltnp");
            if (listening.contains("pid=" + ssh.pid() + ",")) {
                seen.add("ssh " + ssh.pid() + " listens on TCP: " + listening);
            }
        }
        seen.addAll(refused);
        return seen;
    }

    /** Connects to {@code socket} as {@code user} (setpriv, a separate process): "user: answered" or "user: refused". */
    private static String connectAs(String user, String socket) {
        String python = "import socket,sys\ns=socket.socket(socket.AF_UNIX)\ntry:\n s.connect(sys.argv[1])\n"
                + "except PermissionError:\n sys.exit(3)\ns.sendall(b'GET /v1/status HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n')\n"
                + "sys.exit(0 if s.recv(12).startswith(b'HTTP/1.1 200') else 4)";
        List<String> command = user.equals("root") ? List.of("/usr/bin/python3", "-c", python, socket)
                : List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", python, socket);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            int exit = p.waitFor();
            return user + ": " + (exit == 0 ? "answered" : exit == 3 ? "refused" : "exit " + exit + " " + out.strip());
        } catch (IOException | InterruptedException e) {
            return user + ": " + e;
        }
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return out;
        } catch (IOException | InterruptedException e) {
            return e.toString();
        }
    }
}