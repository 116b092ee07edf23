package dev.loomlab.lab.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;
import dev.loomlab.lab.catalog.ServerCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The lab's packages in layers, each using only those below it (README, "Layout"): the commands on top, then a run,
 * the history of many runs (it reads their records and draws in the report's style), a run's report, a cell and what judges it, the records, the plan, the load engines, the servers and the split topology, the JDKs, the
 * metrics and ceilings, the catalogue of servers and the statistics, and at the bottom the lab's settings and what it
 * asks of the operating system (its child processes in {@code os.process}).
 */
class LayersTest {
    private static final JavaClasses LAB = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.loomlab.lab");

    /** Top to bottom; the packages of one layer may use one another, never in a circle (below). */
    private static final String[][] LAYERS = {
            {"cli"},
            {"run"},
            {"history"},
            {"report"},
            {"cell"},
            {"findings", "slo"},
            {"result"},
            {"plan"},
            {"load"},
            {"server", "topology"},
            {"jdk"},
            {"metrics", "ceiling"},
            {"catalog", "stats", "fanout"},
            {"settings", "os"},
    };

    @Test
    void everyPackageUsesOnlyTheLayersBelowIt() {
        Architectures.LayeredArchitecture layers = Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (int i = 0; i < LAYERS.length; i++) {
            String[] packages = new String[LAYERS[i].length];
            for (int j = 0; j < packages.length; j++) {
                packages[j] = "dev.loomlab.lab." + LAYERS[i][j] + "..";
            }
            layers = layers.layer("layer " + i).definedBy(packages);
        }
        for (int i = 0; i < LAYERS.length; i++) {
            if (i == 0) {
                layers = layers.whereLayer("layer 0").mayNotBeAccessedByAnyLayer();
            } else {
                String[] above = new String[i];
                for (int j = 0; j < i; j++) {
                    above[j] = "layer " + j;
                }
                layers = layers.whereLayer("layer " + i).mayOnlyBeAccessedByLayers(above);
            }
        }
        layers.check(LAB);
    }

    @Test
    void noPackageDependsOnItselfThroughAnother() {
        ArchRule noCycles = slices().matching("dev.loomlab.lab.(*)..").should().beFreeOfCycles();
        noCycles.check(LAB);
    }

    @Test
    void theDriverKnowsNothingOfTheLabAndNoServerUsesAnotherServer() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        // load-api's test jar: the wire files' round trip, which the driver runs with its own Jackson
        assertThat(loomlabDependencies(root.resolve("driver/pom.xml"))).as("the driver")
                .containsOnlyKeys("loomlab-load-api", "loomlab-load-api:test-jar").containsEntry("loomlab-load-api:test-jar", "test");
        List<String> stacks;
        try (Stream<Path> modules = Files.list(root.resolve("servers"))) {
            // a stack is a module with a descriptor: the catalogue's servers, whatever they are called
            stacks = modules.filter(m -> Files.isRegularFile(m.resolve(ServerCatalog.DESCRIPTOR))).map(m -> m.getFileName().toString()).toList();
        }
        assertThat(stacks).isNotEmpty();
        for (String server : stacks) {
            Map<String, String> dependencies = loomlabDependencies(root.resolve("servers/" + server + "/pom.xml"));
            // the test kit and the fan-out's stand-in downstream are test fixtures, shared by the servers' own tests
            dependencies.forEach((artifact, scope) -> {
                if (artifact.startsWith("loomlab-server-")) {
                    assertThat(artifact).as(server).isIn("loomlab-server-testkit", "loomlab-server-downstream");
                    assertThat(scope).as(server + " -> " + artifact).isEqualTo("test");
                }
            });
            assertThat(dependencies).as(server).doesNotContainKeys("loomlab-lab", "loomlab-driver");
        }
    }

    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>dev\\.loomlab</groupId>\\s*<artifactId>([\\w-]+)</artifactId>(.*?)</dependency>", Pattern.DOTALL);
    private static final Pattern SCOPE = Pattern.compile("<scope>(\\w+)</scope>");
    private static final Pattern TEST_JAR = Pattern.compile("<type>test-jar</type>");

    /**
     * A module's dependencies on the project's own modules, with their scope (compile when it gives none); a module's
     * test jar is keyed apart ({@code artifact:test-jar}), so that it neither hides nor stands for the module itself.
     */
    private static Map<String, String> loomlabDependencies(Path pom) throws IOException {
        Map<String, String> found = new TreeMap<>();
        Matcher m = DEPENDENCY.matcher(Files.readString(pom));
        while (m.find()) {
            Matcher scope = SCOPE.matcher(m.group(2));
            String key = m.group(1) + (TEST_JAR.matcher(m.group(2)).find() ? ":test-jar" : "");
            found.put(key, scope.find() ? scope.group(1) : "compile");
        }
        return found;
    }
}
