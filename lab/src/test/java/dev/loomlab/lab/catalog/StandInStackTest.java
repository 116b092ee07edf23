package dev.loomlab.lab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.report.Golden;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.StandInStack;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.ThreadKind;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A new stack is its module and its descriptor: the stand-in (src/test/resources/stand-in, the mvc jar under another
 * name) is added by its descriptor alone and shows wherever a stack shows — the catalogue, the command line, a plan's
 * models, and the summary, CSV and page of a run folder whose cells name it — with no change to the lab's code.
 * StandInStackEndToEndTest runs it for real.
 */
class StandInStackTest {
    private static List<String> checkoutModels;

    @BeforeAll
    static void addTheStandIn() {
        ServerCatalog.reload();
        checkoutModels = Model.idList();
        StandInStack.add();
    }

    @AfterAll
    static void removeIt() {
        StandInStack.remove();
    }

    @Test
    void theCatalogueListsItsModelsAfterTheCheckoutsAsItsDescriptorSays() {
        List<String> expected = new ArrayList<>(checkoutModels);
        expected.addAll(List.of(StandInStack.PLATFORM, StandInStack.VIRTUAL));

        assertThat(Model.idList()).containsExactlyElementsOf(expected);
        Model platform = Model.byId(StandInStack.PLATFORM);
        assertThat(platform.server()).isEqualTo(StandInStack.SERVER);
        assertThat(platform.jar()).isEqualTo(Path.of("servers/mvc/target/loomlab-server-mvc.jar"));
        assertThat(platform.requestThreadsName()).isEqualTo("stand-in threads");
        assertThat(Model.byId(StandInStack.VIRTUAL).served()).isEqualTo(Scenarios.seeds());
        assertThat(ServerCatalog.current().threadKind("Thread[#40,http-nio-127.0.0.1-8080-exec-1,5,main]")).isEqualTo(ThreadKind.PLATFORM_POOL);
    }

    @Test
    void theCommandLineOffersItsModels() {
        CommandLine cli = Loomlab.commandLine();

        assertThat(cli.getSubcommands().get("run").getUsageMessage()).contains(StandInStack.PLATFORM, StandInStack.VIRTUAL);
        assertThat(cli.getSubcommands().get("serve").getUsageMessage()).contains(StandInStack.PLATFORM, StandInStack.VIRTUAL);
        assertThat(cli.getSubcommands().get("run").getUsageMessage().replaceAll("\\s+", " "))
                .as("--tomcat-threads names the pools it sizes by their descriptors")
                .contains("stand-in threads (stand-in-platform)");
    }

    @Test
    void plansListEveryPresetAsBeforeForEachNamesItsOwnModels() {
        String listed = execute("plans");

        // No preset takes every model (each lists its own), so the stand-in joins none; it breaks none either.
        for (String preset : PlanLoader.presets()) {
            assertThat(listed).contains(String.format("%-10s ", preset));
        }
        assertThat(listed).doesNotContain(StandInStack.SERVER);
    }

    @Test
    void aPlanResolvesItsModelsWithTheirThreadsLaunchArgumentsAndCeilings(@TempDir Path dir) throws Exception {
        Plan quick = PlanLoader.load("quick", Map.of("models", StandInStack.PLATFORM + "," + StandInStack.VIRTUAL));
        Path file = Files.writeString(dir.resolve("stand-in.yaml"), "name: stand-in\nmodels: [stand-in-virtual]\nscenarios: [block]\n");
        Model platform = Model.byId(StandInStack.PLATFORM);

        assertThat(quick.models()).extracting(Model::id).containsExactly(StandInStack.PLATFORM, StandInStack.VIRTUAL);
        assertThat(quick.cellCount()).isEqualTo(2 * Scenarios.seeds().size());
        assertThat(PlanLoader.load(file.toString(), Map.of()).models()).containsExactly(Model.byId(StandInStack.VIRTUAL));
        assertThat(platform.args()).containsExactly("--spring.threads.virtual.enabled=false");
        assertThat(platform.requestThreadsArgs(10)).containsExactly("--server.tomcat.threads.max=10");
        assertThat(Ceiling.of(platform, Scenarios.BLOCK, Duration.ofSeconds(1), 500, 10, 150).formula())
                .isEqualTo("min(500 VUs, 10 threads) / 1.000 s = 10.0 TPS");
    }

    @Test
    void aRunFolderOfItsCellsIsReportedUnderItsNamesAndItsDescriptorsWords(@TempDir Path tmp) throws Exception {
        Path run = StandInStack.runOnTheStandIn(Golden.fixtureRun(), tmp.resolve("run"));

        String console = execute("report", run.toString());

        String summary = Files.readString(run.resolve(RunFolder.SUMMARY));
        assertThat(summary).contains("- **models:** stand-in-platform, stand-in-virtual, webflux")
                .contains("| stand-in-platform | 1 | 197.2 |", "| stand-in-virtual | 1 |")
                .as("the findings call its threads as its descriptor does")
                .contains("stand-in-platform r1** — 197.2 TPS ≈ 200 stand-in threads / 1.00 s")
                .as("the caveat names its pool as its descriptor does")
                .contains("the stand-in's pool on stand-in-platform: 200)")
                .as("the provenance names the pool the request-thread setting sized as its descriptor does")
                .contains("stand-in max threads 200 on stand-in-platform").doesNotContain("Tomcat max threads")
                .doesNotContain("| mvc-platform |", "| mvc-virtual |");
        String golden = Golden.read("summary.md");
        assertThat(summary.lines().filter(l -> l.startsWith("| stand-in-"))).as("its rows are the fixture's mvc rows, renamed")
                .containsExactlyElementsOf(golden.lines().filter(l -> l.startsWith("| mvc-")).map(StandInStack::renamed).toList());
        assertThat(Files.readAllLines(run.resolve(ReportFiles.CSV))).filteredOn(l -> l.contains(StandInStack.SERVER))
                .hasSameSizeAs(Golden.read("summary.csv").lines().filter(l -> l.contains("mvc-")).toList());
        assertThat(Files.readString(run.resolve(ReportFiles.HTML))).contains("\"stand-in-platform\"", "\"stand-in-virtual\"");
        assertThat(console).contains("stand-in-platform", "stand-in-virtual");
    }

    /** What {@code loomlab ARGS} writes, to its writer or to the console, once it exited 0. */
    private static String execute(String... args) {
        StringWriter out = new StringWriter();
        PrintStream console = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            // plans prints to System.out, the others to the command line's writer: System.out is swapped before the
            // command line is made (swapped after, picocli's writers went back to the old one during the run)
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            CommandLine cli = Loomlab.commandLine();
            cli.setOut(new PrintWriter(out, true));
            assertThat(cli.execute(args)).as(String.join(" ", args)).isZero();
        } finally {
            System.setOut(console);
        }
        return out + printed.toString(StandardCharsets.UTF_8);
    }
}
