package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.Latencies;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU's ceiling (the utilization law: TPS ≤ cores / CPU per request) for cells the CPU bounds: from the CPU per
 * request at low load where that figure describes the window's load, from the window's own otherwise. The expected
 * figures are worked by hand from the quick plan's measured cells.
 */
class CpuCeilingTest {
    /** Two cores, the server on one of them. */
    private static final CpuLayout CPUS = CpuLayout.forCores(2, true);
    private static final Jdk JDK = new Jdk(Path.of("/opt/jdk-25"), "25.0.1", "Test");

    @TempDir
    Path dir;

    @Test
    void aLowLoadFigureFiveTimesTheWindowsOwnDoesNotDescribeIt() {
        // the quick plan's mvc-virtual thread-name: 0.785 ms at low load, 1.0 core at 6,420.2 TPS = 0.156 ms under load
        assertThat(Judge.describesTheLoad(Duration.ofNanos(785_027), 1.0, 6420.2)).isFalse();
    }

    @Test
    void aLowLoadFigureWithinOneAndAHalfOfTheWindowsOwnDescribesIt() {
        // 0.180 ms at low load against 1.0 core at 6,000 TPS = 0.167 ms
        assertThat(Judge.describesTheLoad(Duration.ofNanos(180_000), 1.0, 6000)).isTrue();
        // and the other way: 0.12 ms against 0.167 ms
        assertThat(Judge.describesTheLoad(Duration.ofNanos(120_000), 1.0, 6000)).isTrue();
        assertThat(Judge.describesTheLoad(Duration.ofNanos(100_000), 1.0, 6000)).isFalse();
    }

    @Test
    void aThreadNameCellWhoseLowLoadFigureOverstatesItsCostGetsTheCeilingOfItsWindowsCpu() {
        // webflux thread-name on a fresh clone: 0.999 of its core at 36,571.2 TPS, 0.137 ms a request at low load.
        // In the window: 0.999 / 36,571.2 s = 0.02732 ms a request; one core / 0.02732 ms = 36,607.8 TPS (the demand is
        // kept to the nanosecond: 27,317 ns, a 0.002 % step).
        CellResult cell = judge(Scenarios.THREAD_NAME, Duration.ZERO, 0.999, 36_571.2, Optional.of(Duration.ofNanos(136_636)));

        assertThat(cell.ceilingTps()).isCloseTo(36_607.8, within(2.0));
        assertThat(cell.ceilingFormula())
                .startsWith("1 core / 0.027 ms CPU per request in the window (its server CPU / its TPS) = 36607.")
                .contains("no sleep, so Little's law gives none");
        assertThat(cell.ceilingRatio()).isCloseTo(0.999, within(0.0005));
        assertThat(cell.limitedBy()).isEqualTo("cpu");
        // the low-load figure is kept beside it, though it did not set the ceiling
        assertThat(cell.metrics()).containsEntry("cpuPerRequestLowLoadMs", 0.136636);
    }

    @Test
    void aCellWhoseLowLoadFigureDescribesItsWindowIsBoundedByThatFigure() {
        // A service of 19 ms of CPU a request (the sample shop's order), its server at 0.98 of its core for 52.6 TPS
        // (18.6 ms a request in the window): one core / 19.000 ms = 52.6 TPS, below Little's law's 8 threads / 0.1 s.
        CellResult cell = judge(Scenarios.BLOCK, Duration.ofMillis(100), 0.98, 52.6, Optional.of(Duration.ofMillis(19)));

        assertThat(cell.ceilingTps()).isCloseTo(52.63, within(0.01));
        assertThat(cell.ceilingFormula()).startsWith("1 core / 19.000 ms CPU per request at low load = 52.6 TPS (utilization law)")
                .contains("the CPU binds");
        assertThat(cell.limitedBy()).isEqualTo("cpu");
    }

    @Test
    void aCellWithCpuToSpareKeepsLittlesLawAndIsNotMeasuredAtLowLoad() {
        CellResult cell = judge(Scenarios.BLOCK, Duration.ofMillis(100), 0.30, 80.0, Optional.empty());

        assertThat(cell.ceilingFormula()).doesNotContain("CPU per request");
        assertThat(cell.metrics()).doesNotContainKey("cpuPerRequestLowLoadMs");
    }

    private CellResult judge(Scenario scenario, Duration serviceTime, double serverCores, double tps, Optional<Duration> lowLoad) {
        Plan plan = PlanLoader.load("quick", Map.of("vus", "8", "tomcatThreads", "8"));
        Cell cell = Cell.of(Model.byId("mvc-platform"), 25, null, scenario, 1);
        String label = cell.label(plan.jdkAxis());
        Ceiling ceiling = Judge.ceiling(plan, cell, serviceTime, JDK.feature(), CPUS.serverCores());
        CellFiles files = CellFiles.of(new RunFolder(dir), cell, label);
        CellResults results = new CellResults(plan, label, cell, JDK, "hyperfoil", CPUS, scenario.path(), serviceTime, ceiling, files);
        long requests = Math.round(tps * 20);
        LoadResult load = new LoadResult("hyperfoil", "0.27", 20, requests, requests, tps, new Latencies(1, 2, 3, 4, 5, 1),
                Map.of(), null, 0, 0, 1.5, "jdk", null);
        Measure.Figures figures = new Measure.Figures(load, List.of(), Map.of("serverCpuCoresMean", serverCores), Map.of(),
                files.timeseries(), Optional.empty(), FanOutDownstream.Count.NONE);
        return Judge.judge(plan, results, ceiling, lowLoad, serviceTime, CPUS.serverCores(), figures, Map.of("mode", "local"));
    }
}
