package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C to a real {@code loomlab run} (its own JVM) in its second cell: within 10 s every
 * process it started is gone — servers, driver, database — the first cell and a PARTIAL summary
 * are on disk, and {@code --resume} measures only the missing cell, with the same plan.
 */
class InterruptAndResumeTest {
    private static final Pattern DB_PID = Pattern.compile("started embedded PostgreSQL .* \\(pid (\\d+)\\)");

    @Test
    void sigintStopsEveryChildWithinTenSecondsKeepsTheFinishedCellAndResumeCompletesTheRun(@TempDir Path out) throws Exception {
        Path console = out.resolve("lab-console.log");
        Path results = out.resolve("results");
        // A suite started in the background (a non-interactive shell's "&") runs with SIGINT ignored, and a JVM keeps
        // an ignored SIGINT ignored: the lab is started with it at its default, as in a terminal where Ctrl-C reaches it.
        Process lab = new ProcessBuilder("env", "--default-signal=INT", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Loomlab.class.getName(),
                "run", "--order", "fixed", "--models", "mvc-virtual,webflux", "--scenarios", "block", "--vus", "20", "--sleep-ms", "100",
                "--warmup", "1s", "--duration", "6s", "--heap", "256m", "--out", results.toString())
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            // The second cell's load is running: the first cell is on disk.
            Processes.awaitDescendant(lab.toHandle(), c -> c.contains("loomlab-server-webflux.jar"), Duration.ofSeconds(150));
            Processes.awaitLoadRunning(lab.toHandle(), Duration.ofSeconds(90));
            Processes.sleep(1_000);

            List<ProcessHandle> started = new ArrayList<>(lab.toHandle().descendants().filter(ProcessHandle::isAlive).toList());
            Matcher dbPid = DB_PID.matcher(Files.readString(console));
            assertThat(dbPid.find()).as("the lab names its database's pid:\n" + Files.readString(console)).isTrue();
            ProcessHandle postgres = ProcessHandle.of(Long.parseLong(dbPid.group(1))).orElseThrow();
            assertThat(Processes.commandLine(postgres)).as("the run's PostgreSQL (daemonised: not a descendant)").contains("postgres");
            started.add(postgres);
            started.addAll(postgres.descendants().toList());
            assertThat(started).extracting(Processes::commandLine)
                    .anyMatch(c -> c.contains("loomlab-server-webflux.jar"))
                    .anyMatch(c -> c.contains("loomlab-driver.jar"));

            var kinds = started.stream().map(p -> p.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?"))
                    .collect(java.util.stream.Collectors.groupingBy(c -> c, java.util.TreeMap::new, java.util.stream.Collectors.counting()));
            long t0 = System.nanoTime();
            Processes.signal(lab.pid(), "INT");
            List<ProcessHandle> everything = new ArrayList<>(started);
            everything.add(lab.toHandle());
            List<Long> alive = Processes.stillAliveAfter(everything, Duration.ofSeconds(10));
            long tookMs = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("after SIGINT every child was gone in " + tookMs + " ms (" + everything.size() + " processes: " + kinds + ")");
            java.util.Map<Long, String> named = new java.util.TreeMap<>();
            everything.forEach(p -> named.put(p.pid(), Processes.commandLine(p)));
            assertThat(alive).as("processes alive 10 s after SIGINT: %s", alive.stream().map(pid -> pid + " " + named.get(pid)).toList())
                    .isEmpty();
        } finally {
            // Should an assertion fail before the SIGINT: a SIGKILLed lab runs no hooks, so its children go first, by PID —
            // all but the database guard, which stops the run's PostgreSQL (daemonised: no descendant) once the lab is gone.
            lab.toHandle().descendants().filter(p -> !Processes.commandLine(p).contains("loomlab-db-guard"))
                    .forEach(ProcessHandle::destroyForcibly);
            lab.destroyForcibly();
        }

        Path runDir = Processes.onlyRunFolder(results);
        RunFolder run = new RunFolder(runDir);
        Manifest interrupted = run.readManifest();
        assertThat(interrupted.status()).isEqualTo("interrupted");
        assertThat(interrupted.cells()).containsExactly("mvc-virtual/block-r1");
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).contains("**PARTIAL**");
        Path firstCell = run.cellJson("mvc-virtual", "block", 1);
        String firstCellJson = Files.readString(firstCell);
        assertThat(run.readCells()).extracting(CellResult::label).containsExactly("mvc-virtual");

        int exit = Loomlab.commandLine().execute("run", "--resume", runDir.toString());

        assertThat(exit).isZero();
        Manifest resumed = run.readManifest();
        assertThat(resumed.status()).isEqualTo("complete");
        assertThat(resumed.runId()).isEqualTo(interrupted.runId());
        assertThat(resumed.plan()).as("the same plan, from the manifest").isEqualTo(interrupted.plan());
        assertThat(resumed.cells()).containsExactly("mvc-virtual/block-r1", "webflux/block-r1");
        assertThat(Files.readString(firstCell)).as("the finished cell is kept, not measured again").isEqualTo(firstCellJson);
        List<CellResult> cells = run.readCells();
        assertThat(cells).extracting(CellResult::label).containsExactly("mvc-virtual", "webflux");
        assertThat(cells).allMatch(CellResult::succeeded);
        assertThat(cells.get(1).workload()).isEqualTo(new Workload.Closed(20));
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).doesNotContain("PARTIAL");
    }
}
