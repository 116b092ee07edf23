package dev.loomlab.lab.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.e2e.InProcessLab;
import dev.loomlab.lab.os.LabNamespaces;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real, short run in the split topology: the database, the server and two k6 load agents (reached over SSH) each
 * in a network namespace of their own, 5 ms added each way between the agents and the server. The latency the agents
 * measure includes the link's round trip; the run records where everything ran; and no namespace or link of the run
 * is left on the machine.
 */
class SplitTopologyRunTest {
    static final int APP_LATENCY_MS = 5;

    @Test
    void theAddedLatencyShowsInTheMeasuredLatencyAndTheRunRecordsItsTopology(@TempDir Path out) throws Exception {
        String mine = "loomlab-" + ProcessHandle.current().pid() + "-";
        RunFolder run = InProcessLab.run(out, "--models", "mvc-virtual", "--scenarios", "thread-name",
                "--vus", "20", "--warmup", "2s", "--duration", "3s", "--heap", "256m",
                "--topology", "split", "--app-latency", APP_LATENCY_MS + "ms", "--app-jitter", "0.5ms",
                "--db-latency", "1ms", "--engine", "k6", "--agents", "2");

        assertThat(LabNamespaces.list()).as("the run's namespaces are deleted").noneMatch(n -> n.startsWith(mine));
        assertThat(links()).as("the run's bridge and links are deleted").doesNotContain(" ll" + ProcessHandle.current().pid() + "x");

        Path runDir = run.root();
        CellResult cell = onlyCell(run);
        // thread-name does no work to speak of: every request pays the link's round trip, 5 ms each way.
        assertThat(cell.p50Ms()).as("p50 with %d ms added each way", APP_LATENCY_MS).isGreaterThanOrEqualTo(2.0 * APP_LATENCY_MS * 0.9);

        Map<String, Object> topology = cell.topology();
        assertThat(topology).containsEntry("mode", "split").containsEntry("appLatency", "5ms").containsEntry("appJitter", "0.5ms")
                .containsEntry("dbLatency", "1ms").containsEntry("drivers", 2).containsEntry("agents", List.of("netns", "netns"));
        @SuppressWarnings("unchecked")
        Map<String, String> spaces = (Map<String, String>) topology.get("namespaces");
        assertThat(spaces).containsOnlyKeys("driver1", "driver2", "app", "db");
        assertThat(spaces.values()).allMatch(s -> s.startsWith(mine) && s.contains(" 10.231."));
        // Each agent's share: half the VUs, and together the cell's requests.
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> shares = (List<Map<String, Object>>) topology.get("driverShares");
        assertThat(shares).extracting(s -> s.get("vus")).containsExactly(10, 10);
        assertThat(shares.stream().mapToLong(s -> ((Number) s.get("requests")).longValue()).sum()).isEqualTo(cell.requests());
        assertThat(runDir.resolve(cell.files().hlog())).as("the merged histogram log").isNotEmptyFile();

        Manifest manifest = run.readManifest();
        assertThat(manifest.topology()).containsEntry("mode", "split").containsKey("namespaces");
        assertThat(manifest.database()).contains("PostgreSQL");
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).contains("**topology:** split: network namespaces on 10.231.");
    }

    @Test
    void mariaDbRunsInItsOwnNamespaceAndTheDatabaseLinkDelaysEveryQuery(@TempDir Path out) throws Exception {
        int dbLatencyMs = 3;
        int sleepMs = 10;
        RunFolder run = InProcessLab.run(out, "--models", "mvc-virtual", "--scenarios", "block-query",
                "--sleep-ms", String.valueOf(sleepMs), "--vus", "5", "--warmup", "1s", "--duration", "2s", "--heap", "256m",
                "--db", "mariadb", "--topology", "split", "--db-latency", dbLatencyMs + "ms");

        Path runDir = run.root();
        CellResult cell = onlyCell(run);
        // The sleep, then select now() on a pooled connection: one round trip over the database link, 3 ms each way.
        assertThat(cell.p50Ms()).isGreaterThanOrEqualTo(sleepMs + 2.0 * dbLatencyMs * 0.9);
        assertThat(run.readManifest().database()).contains("MariaDB");
        @SuppressWarnings("unchecked")
        Map<String, String> spaces = (Map<String, String>) run.readManifest().topology().get("namespaces");
        // The server listens only on the database namespace's address: it could not have bound it anywhere else.
        assertThat(Files.readString(runDir.resolve(cell.files().serverLog()))).contains("jdbc:mariadb://" + spaces.get("db").split(" ")[1] + ":");
        assertThat(LabNamespaces.list()).noneMatch(n -> n.startsWith("loomlab-" + ProcessHandle.current().pid() + "-"));
    }

    /** The run's one cell, measured. */
    static CellResult onlyCell(RunFolder run) {
        CellResult cell = run.readCells().getFirst();
        assertThat(cell.succeeded()).as(String.valueOf(cell.failure())).isTrue();
        return cell;
    }

    static String links() throws Exception {
        Process p = new ProcessBuilder("ip", "-o", "link", "show").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor();
        // "3: ll123x1b: <...>": one space before each name.
        return text.replaceAll("(?m)^\\d+: ", " ");
    }
}
