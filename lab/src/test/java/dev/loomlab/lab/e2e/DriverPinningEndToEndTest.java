package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import dev.loomlab.lab.findings.Findings;

import dev.loomlab.lab.metrics.JfrCounts;
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
 * The driver-pinning pitfall, for real: mvc-virtual on JDK 21 against MariaDB, once with
 * mysql-connector-j 8.1.0 and once with 9.5.0. A query the database makes last 500 ms shows the
 * mechanism plainly: the old driver waits for the answer inside {@code synchronized}, so every
 * query pins its carrier for all of it (4 carriers / 0.5 s = 8 TPS); the new one unmounts.
 */
class DriverPinningEndToEndTest {

    @Test
    void theOldMysqlDriverPinsCarriersOnJdk21AndTheNewOneDoesNot(@TempDir Path out) throws Exception {
        RunFolder run = InProcessLab.run("a missing JDK 21 exits 2: tools/install-jdks.sh", out, "--plan", "quick",
                "--models", "mvc-virtual", "--jdks", "21", "--db", "mariadb", "--jdbc-drivers", "mysql-8.1.0,mysql-9.5.0",
                "--scenarios", "slow-query", "--sleep-ms", "500", "--vus", "16", "--pool-size", "20",
                "--warmup", "2s", "--duration", "5s", "--heap", "256m");

        Path runDir = run.root();
        List<CellResult> cells = run.readCells();
        assertThat(cells).extracting(CellResult::label).containsExactly("mvc-virtual-mysql-8.1.0", "mvc-virtual-mysql-9.5.0");
        assertThat(cells).allMatch(CellResult::succeeded);
        CellResult old = cells.get(0);
        CellResult current = cells.get(1);
        // Each server says which driver it really loaded.
        assertThat(runDir.resolve(old.files().serverLog())).content().contains("loomlab-jdbc-driver MySQL Connector/J mysql-connector-j-8.1.0");
        assertThat(runDir.resolve(current.files().serverLog())).content().contains("loomlab-jdbc-driver MySQL Connector/J mysql-connector-j-9.5.0");

        assertThat(old.jfrEvents().get(JfrCounts.PINNED)).as("pins over 20 ms with the old driver").isPositive();
        assertThat(JfrCounts.pinnedAt(old.jfrEvents()).keySet().iterator().next()).as("where it pinned").startsWith("com.mysql.");
        assertThat(current.jfrEvents().get(JfrCounts.PINNED)).as("9.x unmounts").isZero();
        // 16 VUs / 0.5 s = 32 TPS unpinned; 4 carriers / 0.5 s = 8 TPS pinned. A loose bound: the box is shared.
        assertThat(old.tps()).as("pinned throughput against the new driver's").isLessThan(0.6 * current.tps());
        assertThat(Findings.sentences(runDir, old)).anyMatch(f -> f.contains("pinned at com.mysql.") && f.contains("upgrade it to 9.0+"));

        Manifest manifest = run.readManifest();
        assertThat(manifest.plan().jdbcDrivers()).containsExactly("mysql-8.1.0", "mysql-9.5.0");
        assertThat(Files.readString(runDir.resolve(RunFolder.SUMMARY))).contains("## JDBC driver pinning")
                .contains("| slow-query | mvc-virtual-mysql-8.1.0 | 21 | mysql-8.1.0 |");
    }
}
