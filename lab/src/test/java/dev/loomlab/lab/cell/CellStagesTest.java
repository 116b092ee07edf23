package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.Latencies;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.load.LoadSpec;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stages of a cell that need no server: where its files go, the load it sends, and how it is judged. */
class CellStagesTest {
    private static final CpuLayout CPUS = CpuLayout.forCores(4, false);
    private static final Jdk JDK = new Jdk(Path.of("/opt/jdk-25"), "25.0.1", "Test");

    @TempDir
    Path dir;

    private static Plan plan(Map<String, Object> overrides) {
        return PlanLoader.load("quick", overrides);
    }

    private static LoadResult load(long requests, long ok, double achievedRate, long unsent, Double wallTimeMs) {
        return new LoadResult("hyperfoil", "0.27", 20, requests, ok, requests / 20.0, new Latencies(100, 110, 120, 130, 140, 100),
                Map.of(), null, achievedRate, unsent, 1.5, "jdk", wallTimeMs);
    }

    private CellResult judge(Plan plan, Cell cell, LoadResult load, Optional<String> writeCheck) {
        String label = cell.label(plan.jdkAxis());
        Duration serviceTime = Duration.ofMillis(100);
        Ceiling ceiling = Judge.ceiling(plan, cell, serviceTime, JDK.feature(), CPUS.serverCores());
        CellFiles files = CellFiles.of(new RunFolder(dir), cell, label);
        CellResults results = new CellResults(plan, label, cell, JDK, "hyperfoil", CPUS, "/block?ms=100", serviceTime, ceiling, files);
        Measure.Figures figures = new Measure.Figures(load, List.of(), Map.of(), Map.of(), files.timeseries(), writeCheck,
                FanOutDownstream.Count.NONE);
        return Judge.judge(plan, results, ceiling, java.util.Optional.empty(), serviceTime, CPUS.serverCores(), figures, Map.of("mode", "local"));
    }

    @Test
    void aStartedCellsFilesSitUnderItsLabelAndATargetHasNoServerLogNorRecording() {
        RunFolder folder = new RunFolder(dir);
        Cell started = Cell.of(Model.byId("mvc-virtual"), 21, null, Scenarios.BLOCK, 2);

        CellFiles files = CellFiles.of(folder, started, started.label(true));

        assertThat(files.hlog()).isEqualTo("cells/mvc-virtual-jdk21/block-r2.hlog");
        assertThat(files.serverLog()).hasValue("logs/mvc-virtual-jdk21-block-r2.server.log");
        assertThat(files.jfr()).hasValue("cells/mvc-virtual-jdk21/block-r2.jfr");
        assertThat(files.driverLog()).isEqualTo(folder.logs().resolve("mvc-virtual-jdk21-block-r2.driver.log"));

        CellFiles target = CellFiles.of(folder, Cell.target(Scenarios.BLOCK, 1), Cell.TARGET);
        assertThat(target.serverLog()).isEmpty();
        assertThat(target.jfr()).isEmpty();
        assertThat(target.timeseries()).isEqualTo("cells/target/block-r1.timeseries.csv");
    }

    @Test
    void theLoadCarriesThePlansShapeAndTheScenariosMethod() {
        Path out = dir.resolve("cell");

        LoadSpec closed = Measure.loadSpec(plan(Map.of("vus", "30")), "http://127.0.0.1:1/write", Scenarios.WRITE, out, "write-r1", out);
        LoadSpec open = Measure.loadSpec(plan(Map.of("rate", "250")), "http://127.0.0.1:1/block", Scenarios.BLOCK, out, "block-r1", out);
        LoadSpec burst = Measure.loadSpec(plan(Map.of("burst", "500")), "http://127.0.0.1:1/block", Scenarios.BLOCK, out, "block-r1", out);

        assertThat(closed.workload()).isEqualTo(new Workload.Closed(30));
        assertThat(closed.method()).isEqualTo("POST");
        assertThat(open.workload()).isEqualTo(new Workload.Open(250));
        assertThat(burst.workload()).isEqualTo(new Workload.Burst(500));
        assertThat(burst.window()).isEqualTo(Window.NONE);
    }

    @Test
    void anOpenModelCellWithUnsentRequestsIsLimitedByTheEngine() {
        Plan plan = plan(Map.of("rate", "500"));

        CellResult cell = judge(plan, Cell.of(Model.byId("mvc-virtual"), 25, null, Scenarios.BLOCK, 1), load(8000, 8000, 400, 2000, null),
                Optional.empty());

        assertThat(cell.limitedBy()).isEqualTo("driver");
        assertThat(cell.limitNote()).startsWith("open model: 2000 of the scheduled requests could not be sent (requested 500.0/s, achieved 400.0/s)");
        assertThat(cell.unsent()).isEqualTo(2000L);
        assertThat(cell.topology()).containsEntry("mode", "local");
    }

    @Test
    void aBurstCellSaysWhenItsLastAnswerCame() {
        Plan plan = plan(Map.of("burst", "1000"));

        CellResult cell = judge(plan, Cell.of(Model.byId("mvc-platform"), 25, null, Scenarios.BLOCK, 1), load(1000, 1000, 0, 0, 2500.0),
                Optional.empty());

        assertThat(cell.limitNote()).startsWith("burst of 1000: the last answer came after 2.50 s; ");
        assertThat(cell.workload()).isEqualTo(new Workload.Burst(1000));
    }

    @Test
    void aFailedWriteCheckFailsTheMeasuredCellButKeepsItsFigures() {
        CellResult cell = judge(plan(Map.of()), Cell.of(Model.byId("mvc-virtual"), 25, null, Scenarios.WRITE, 1), load(400, 400, 0, 0, null),
                Optional.of("write check: 390 rows written for 400 successful responses"));

        assertThat(cell.succeeded()).isFalse();
        assertThat(cell.failure()).startsWith("write check: 390 rows written");
        assertThat(cell.requests()).isEqualTo(400);
    }

    @Test
    void aTargetsCeilingIsTheLoadsOwn() {
        Plan plan = plan(Map.of("vus", "50"));

        Ceiling ceiling = Judge.ceiling(plan, Cell.target(Scenarios.BLOCK, 1), Duration.ofMillis(100), 0, 4);

        assertThat(ceiling.tps()).isEqualTo(500.0);
        assertThat(ceiling.formula()).endsWith("(assuming the target limits neither threads nor connections)");
    }

    @Test
    void aCellStoppedBeforeItsLoadRecordsWhySkippedOrFailed() {
        Plan plan = plan(Map.of());
        Cell cell = Cell.of(Model.byId("webflux"), 25, null, Scenarios.BLOCK, 1);
        CellFiles files = CellFiles.of(new RunFolder(dir), cell, "webflux");
        Ceiling ceiling = Judge.ceiling(plan, cell, Duration.ofMillis(100), 25, 4);
        CellResults results = new CellResults(plan, "webflux", cell, JDK, "hyperfoil", CPUS, "/block", Duration.ofMillis(100), ceiling, files);

        CellResult skipped = results.stopped(Stop.skipped("not served here"));
        CellResult failed = results.stopped(Stop.failed("server did not start: port busy"));

        assertThat(skipped.status()).isEqualTo("skipped");
        assertThat(failed.status()).isEqualTo("failed");
        assertThat(failed.failure()).isEqualTo("server did not start: port busy");
        assertThat(failed.files().serverLog()).isEqualTo("logs/webflux-block-r1.server.log");
        assertThat(failed.engine()).isEqualTo("hyperfoil");
    }
}
