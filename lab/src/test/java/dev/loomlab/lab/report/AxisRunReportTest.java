package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reports of runs whose cells are more than a model: a JDK axis, a JDBC-driver axis, a target.
 * The folders are made from the fixture's cell files as the lab of that time wrote them (schema 1,
 * a cell named by its label alone), so they also show that old run folders still report.
 */
class AxisRunReportTest {
    @TempDir
    Path tmp;

    @Test
    void onAJdkAxisTheParityTableStillNamesTheRequestThreadsOfTheThreadPoolCells() {
        RunFolder run = jdkAxisRun();

        Map<String, Object> row = parityRow(run, "request threads");

        assertThat(row.get("values")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("mvc-platform-jdk21", "Tomcat max 200").containsEntry("mvc-platform-jdk25", "Tomcat max 200")
                .containsEntry("mvc-virtual-jdk21", "—").containsEntry("mvc-virtual-jdk25", "—");
    }

    @Test
    void onAJdbcDriverAxisTheParityTableStillNamesTheRequestThreads() {
        RunFolder run = folder("drivers", Map.of("jdbcDrivers", List.of("mysql-8.1.0", "mysql-9.5.0"), "database", "mariadb"),
                List.of("mvc-platform-mysql-8.1.0", "mvc-platform-mysql-9.5.0"), "complete");

        assertThat(parityRow(run, "request threads").get("values")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("mvc-platform-mysql-8.1.0", "Tomcat max 200").containsEntry("mvc-platform-mysql-9.5.0", "Tomcat max 200");
    }

    @Test
    void theCellsPlannedOnAJdkAxisAreModelsTimesJdksTimesScenariosTimesRounds() {
        RunFolder run = jdkAxisRun();

        Map<String, Object> data = ReportData.build(run.root(), run.readManifest(), run.readCells());

        assertThat(data.get("cellCount")).isEqualTo("4 of 4 planned cells recorded");
        assertThat(data.get("partial")).isEqualTo(false);
    }

    @Test
    void aFinishedTargetRunPlannedOneCellPerScenarioAndRoundAndIsComplete() {
        RunFolder run = folder("target", Map.of(), List.of("target"), "complete");

        Map<String, Object> data = ReportData.build(run.root(), run.readManifest(), run.readCells());

        assertThat(data.get("cellCount")).isEqualTo("1 of 1 planned cell recorded");
        assertThat(data.get("partial")).isEqualTo(false);
    }

    @Test
    void aJdkAxisRunThatStoppedEarlyIsPartialAgainstItsRealCellCount() {
        RunFolder run = folder("stopped", Map.of("jdks", List.of(21, 25)), List.of("mvc-platform-jdk21", "mvc-platform-jdk25",
                "mvc-virtual-jdk21"), "complete");

        Map<String, Object> data = ReportData.build(run.root(), run.readManifest(), run.readCells());

        assertThat(data.get("cellCount")).isEqualTo("3 of 4 planned cells recorded");
        assertThat(data.get("partial")).isEqualTo(true);
    }

    private RunFolder jdkAxisRun() {
        return folder("jdks", Map.of("jdks", List.of(21, 25)),
                List.of("mvc-platform-jdk21", "mvc-platform-jdk25", "mvc-virtual-jdk21", "mvc-virtual-jdk25"), "complete");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parityRow(RunFolder run, String setting) {
        Map<String, Object> parity = (Map<String, Object>) ReportData.build(run.root(), run.readManifest(), run.readCells()).get("parity");
        return ((List<Map<String, Object>>) parity.get("rows")).stream().filter(r -> r.get("setting").equals(setting))
                .findFirst().orElseThrow();
    }

    /**
     * A run of mvc-platform and mvc-virtual on block, one round, with the plan's extra {@code axes},
     * whose cells are the fixture's block-r1 of the label's model, renamed to {@code labels}.
     */
    private RunFolder folder(String name, Map<String, Object> axes, List<String> labels, String status) {
        Path root = tmp.resolve(name);
        RunFolder fixture = new RunFolder(Golden.fixtureRun());
        Manifest m = fixture.readManifest();
        @SuppressWarnings("unchecked")
        Map<String, Object> plan = RunFolder.json().convertValue(dev.loomlab.lab.plan.PlanBinding.tree(m.plan()), Map.class);
        plan.put("models", List.of("mvc-platform", "mvc-virtual"));
        plan.put("scenarios", List.of("block"));
        plan.put("rounds", 1);
        plan.putAll(axes);
        RunFolder run = new RunFolder(root);
        run.create();
        run.writeManifest(new Manifest(m.schema(), m.runId(), status, m.startedAt(), m.finishedAt(), m.command(), dev.loomlab.lab.plan.PlanBinding.bind("axis run", plan), m.machine(),
                m.jdks(), m.versions(), m.database(), m.cpus(), m.engine(), m.gitCommit(),
                labels.stream().map(l -> l + "/block-r1").toList()));
        for (String label : labels) {
            String model = label.startsWith("mvc-virtual") ? "mvc-virtual" : "mvc-platform";
            ObjectNode cell = (ObjectNode) RunFolder.json().readTree(Golden.fixtureRun().resolve("cells/" + model + "/block-r1.json").toFile());
            cell.put("model", label);
            cell.put("serverJdk", label.contains("jdk21") ? "21.0.8" : "25.0.1");
            for (String file : List.of("hlog", "timeseries", "jfr")) {
                cell.putNull(file);
            }
            try {
                Files.createDirectories(root.resolve("cells/" + label));
                Files.writeString(root.resolve("cells/" + label + "/block-r1.json"), RunFolder.json().writeValueAsString(cell));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return run;
    }
}
