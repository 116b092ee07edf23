package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server SIGKILLed while the load runs: its cell fails and says so (how the server ended and
 * the last lines of its log), the next cell is measured as usual, and nothing the run started
 * is left running.
 */
class ServerKilledMidCellTest {

    @Test
    void theKilledServersCellFailsWithItsLogTailAndTheMatrixGoesOn(@TempDir Path out) throws Exception {
        ProcessHandle self = ProcessHandle.current();
        java.util.concurrent.atomic.AtomicReference<List<String>> listening = new java.util.concurrent.atomic.AtomicReference<>();
        CompletableFuture<Long> killed = CompletableFuture.supplyAsync(() -> {
            Processes.awaitLoadRunning(self, Duration.ofSeconds(150));
            // the server under load, looked up now: a start-up cache's training start runs the same jar before it
            ProcessHandle server = Processes.awaitDescendant(self, c -> c.contains("loomlab-server-mvc.jar"), Duration.ofSeconds(10));
            listening.set(Processes.listeningAddresses(server.pid()));
            Processes.sleep(3_000); // past the 2 s warm-up: inside the measured window
            server.destroyForcibly(); // SIGKILL
            return server.pid();
        });

        int exit = Loomlab.commandLine().execute("run", "--order", "fixed", "--models", "mvc-virtual,webflux", "--scenarios", "block",
                "--vus", "50", "--sleep-ms", "100", "--warmup", "2s", "--duration", "8s", "--request-timeout", "5s",
                "--heap", "256m", "--out", out.toString());

        long killedPid = killed.get();
        assertThat(exit).as("a failed cell makes the run exit 1").isEqualTo(Loomlab.FAILED);
        Path runDir = Processes.onlyRunFolder(out);
        List<CellResult> cells = new RunFolder(runDir).readCells();
        assertThat(cells).extracting(CellResult::label).containsExactly("mvc-virtual", "webflux");

        CellResult killedCell = cells.get(0);
        assertThat(killedCell.succeeded()).isFalse();
        assertThat(killedCell.failure())
                .startsWith("the server exited during the cell (exit code 137: killed by signal 9 (SIGKILL))")
                .contains("log tail: ")
                .contains(lastLine(runDir.resolve(killedCell.files().serverLog())));
        assertThat(killedCell.limitedBy()).isEqualTo("failed");

        // Security default: a benchmark server listens on loopback only (request and management ports alike).
        assertThat(listening.get()).as("the server's listening sockets").hasSizeGreaterThanOrEqualTo(2)
                .allMatch(a -> a.startsWith("127.0.0.1:") || a.startsWith("[::ffff:127.0.0.1]:"));

        CellResult next = cells.get(1);
        assertThat(next.succeeded()).as("the matrix continues after the killed cell").isTrue();
        assertThat(next.tps()).isPositive();

        assertThat(ProcessHandle.of(killedPid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(self.descendants().filter(ProcessHandle::isAlive).map(Processes::commandLine).toList())
                .as("no server, driver or database left running under the test")
                .noneMatch(c -> c.contains("loomlab-") || c.contains("postgres"));
        assertThat(Processes.mentioning(out.toString())).as("no process anywhere still works in the run folder").isEmpty();
    }

    private static String lastLine(Path log) throws java.io.IOException {
        List<String> lines = java.nio.file.Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
        assertThat(lines).as("the killed server's log").isNotEmpty();
        return lines.getLast().strip();
    }
}
