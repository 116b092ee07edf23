package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.Launcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab dies however it dies — here SIGKILL, what the OOM killer or a CI time-out does, when no shutdown hook runs —
 * and nothing of its run is left 10 s later: no server, driver, database, delay link or guard, no network namespace
 * or link, and with load agents no sshd, k6 or ssh, no agent folder, key folder or socket folder. And a load driver that stops for good (SIGSTOP) fails its cell within the window + the request time-out +
 * 30 s, with the reason, and the run goes on to the next cell. Each through the real {@code ./loomlab}. Long: runs with
 * {@code ./loomlab test-long}.
 */
class LabKilledIT {
    private static final Pattern DB_PID = Pattern.compile("started embedded (?:PostgreSQL|MariaDB) .* \\(pid (\\d+)\\)");
    private static final Duration GONE_WITHIN = Duration.ofSeconds(10);

    @Test
    void closedModelRunKilledLeavesNothing(@TempDir Path dir) throws Exception {
        killMidCell(dir, "--vus", "10");
    }

    @Test
    void openModelRunKilledLeavesNothing(@TempDir Path dir) throws Exception {
        killMidCell(dir, "--rate", "40");
    }

    @Test
    void splitTopologyRunKilledLeavesNoProcessNamespaceOrLink(@TempDir Path dir) throws Exception {
        killMidCell(dir, "--vus", "10", "--topology", "split", "--app-latency", "1ms");
    }

    @Test
    void splitTopologyRunWithTwoLoadAgentsKilledLeavesNoSshdK6NamespaceAgentOrKeyFolder(@TempDir Path dir) throws Exception {
        killMidCell(dir, "--vus", "10", "--topology", "split", "--engine", "k6", "--agents", "2");
    }

    private static void killMidCell(Path dir, String... load) throws Exception {
        Path console = dir.resolve("console.log");
        List<String> args = new ArrayList<>(List.of("run", "--models", "mvc-virtual", "--scenarios", "block", "--sleep-ms", "50",
                "--warmup", "1s", "--duration", "120s", "--heap", "256m", "--out", dir.resolve("results").toString()));
        args.addAll(List.of(load));
        Process lab = Launcher.start(console, List.of(), args.toArray(String[]::new));
        try {
            // the load runs (its driver, started with the server, waits unconnected until then)
            long loadDeadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
            while (!Files.readString(console).contains("measure ") && System.nanoTime() < loadDeadline && lab.isAlive()) {
                Processes.sleep(200);
            }
            Processes.sleep(1_000);
            List<ProcessHandle> started = new ArrayList<>(lab.toHandle().descendants().filter(ProcessHandle::isAlive).toList());
            Matcher db = DB_PID.matcher(Files.readString(console));
            assertThat(db.find()).as("the lab names its database's pid:\n" + Files.readString(console)).isTrue();
            ProcessHandle database = ProcessHandle.of(Long.parseLong(db.group(1))).orElseThrow();
            started.add(database);
            started.addAll(database.descendants().toList());
            boolean agents = List.of(load).contains("--agents");
            assertThat(started).extracting(Processes::commandLine)
                    .anyMatch(c -> c.contains("loomlab-server-mvc.jar"))
                    .anyMatch(c -> c.contains(agents ? "k6 run" : "loomlab-driver.jar"))
                    .anyMatch(c -> c.contains("loomlab-children-guard"));
            // the agents' folders on this machine (k6's working folder), the run's SSH keys and the k6 API's sockets
            List<Path> folders = agents ? agentFolders(started) : List.of();
            if (agents) {
                assertThat(started).extracting(Processes::commandLine).anyMatch(c -> c.contains("sshd"));
                assertThat(folders).as("agent, key and socket folders").anyMatch(f -> f.toString().contains("loomlab-agent-"))
                        .anyMatch(f -> f.toString().contains("loomlab-ssh-")).anyMatch(f -> f.toString().contains("loomlab-k6-api-"));
            }
            String mine = "loomlab-" + lab.pid() + "-";
            String links = " ll" + lab.pid() + "x";
            boolean split = List.of(load).contains("split");
            if (split) {
                assertThat(LabNamespaces.list()).anyMatch(n -> n.startsWith(mine));
                if (List.of(load).contains("--app-latency")) {
                    assertThat(started).extracting(Processes::commandLine).anyMatch(c -> c.contains("netns-wire.py"));
                }
            }

            var kinds = started.stream().map(p -> p.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?"))
                    .collect(java.util.stream.Collectors.groupingBy(c -> c, java.util.TreeMap::new, java.util.stream.Collectors.counting()));
            long t0 = System.nanoTime();
            Processes.signal(lab.pid(), "KILL");
            List<Long> alive = Processes.stillAliveAfter(started, GONE_WITHIN);
            long processesMs = (System.nanoTime() - t0) / 1_000_000;
            long deadline = t0 + GONE_WITHIN.toNanos();
            while (System.nanoTime() < deadline && (LabNamespaces.list().stream().anyMatch(n -> n.startsWith(mine)) || ipLinks().contains(links)
                    || folders.stream().anyMatch(Files::exists))) {
                Processes.sleep(100);
            }
            long namespacesMs = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("TIMING after SIGKILL of the lab (" + String.join(" ", load) + "): " + started.size() + " processes "
                    + kinds + " gone in " + processesMs + " ms, namespaces and links in " + namespacesMs + " ms");
            assertThat(alive).as("processes alive %s after the lab's SIGKILL", GONE_WITHIN).isEmpty();
            assertThat(LabNamespaces.list()).as("the run's namespaces").noneMatch(n -> n.startsWith(mine));
            assertThat(ipLinks()).as("the run's bridge and links").doesNotContain(links);
            assertThat(folders).as("the run's agent, key and socket folders").noneMatch(Files::exists);
        } finally {
            lab.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            lab.destroyForcibly();
        }
    }

    @Test
    void aDriverStoppedForGoodFailsItsCellInTimeAndTheNextCellRuns(@TempDir Path dir) throws Exception {
        int windowS = 10;
        int requestTimeoutS = 2;
        Path console = dir.resolve("console.log");
        Path results = dir.resolve("results");
        Process lab = Launcher.start(console, List.of(), "run", "--models", "mvc-virtual", "--scenarios", "block",
                "--sleep-ms", "50", "--vus", "5", "--warmup", "0s", "--duration", windowS + "s",
                "--request-timeout", requestTimeoutS + "s", "--rounds", "2", "--heap", "256m", "--out", results.toString());
        try {
            // Its load is running (the lab has told it to start, and it has printed progress for a few seconds since):
            // then it stops, for good.
            ProcessHandle driver = Processes.awaitLoadRunning(lab.toHandle(), Duration.ofSeconds(240));
            Processes.sleep(4_000);
            Processes.signal(driver.pid(), "STOP");
            long t0 = System.nanoTime();
            awaitText(() -> read(console), "FAILED", Duration.ofSeconds(windowS + requestTimeoutS + 60));
            long failedAfterS = (System.nanoTime() - t0) / 1_000_000_000;
            System.out.println("TIMING a driver stopped by SIGSTOP failed its cell " + failedAfterS + " s later (bound "
                    + (windowS + requestTimeoutS + 30) + " s)");
            assertThat(failedAfterS).as("seconds from the SIGSTOP to the cell's failure").isLessThanOrEqualTo(windowS + requestTimeoutS + 30);
            assertThat(driver.isAlive()).as("the stopped driver is killed").isFalse();

            assertThat(lab.waitFor(300, TimeUnit.SECONDS)).as("the run goes on and ends").isTrue();
            List<CellResult> cells = new RunFolder(Processes.onlyRunFolder(results)).readCells();
            assertThat(cells).hasSize(2);
            assertThat(cells.get(0).succeeded()).isFalse();
            assertThat(cells.get(0).failure()).contains("did not finish within").contains("request time-out");
            assertThat(cells.get(1).succeeded()).as("the next cell ran: " + cells.get(1).failure()).isTrue();
        } finally {
            lab.toHandle().descendants().forEach(p -> {
                p.destroyForcibly();
            });
            lab.destroyForcibly();
        }
    }

    /** The folders the run's agents use on this machine: k6's working folder, and those named in ssh's and sshd's arguments. */
    private static List<Path> agentFolders(List<ProcessHandle> processes) {
        java.util.Set<Path> folders = new java.util.TreeSet<>();
        for (ProcessHandle p : processes) {
            String command = Processes.commandLine(p);
            if (command.contains("k6 run")) {
                try {
                    Path cwd = Files.readSymbolicLink(Path.of("/proc/" + p.pid() + "/cwd"));
                    if (cwd.getFileName().toString().startsWith("loomlab-agent-")) {
                        folders.add(cwd);
                    }
                } catch (java.io.IOException gone) {
                    // not the agent's k6 any more
                }
            }
            Matcher m = Pattern.compile("(/\\S*/loomlab-(?:ssh|k6-api)-[^/\\s:]+)").matcher(command);
            while (m.find()) {
                folders.add(Path.of(m.group(1)));
            }
        }
        return List.copyOf(folders);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static void awaitText(java.util.function.Supplier<String> text, String wanted, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!text.get().contains(wanted)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("'" + wanted + "' did not appear within " + timeout);
            }
            Processes.sleep(200);
        }
    }

    private static String ipLinks() {
        try {
            Process p = new ProcessBuilder(LabNamespaces.ipCommand(), "-o", "link", "show").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
