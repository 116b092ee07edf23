package dev.loomlab.lab.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which JDK each model's server runs on, and what a plan's JDK axis means. */
class ServerJdksTest {
    private static final Path SOME_HOME = Path.of("/nowhere");

    @Test
    void eachModelHasItsOwnDefaultJdk() {
        ServerJdks jdks = new ServerJdks(Map.of(17, SOME_HOME, 21, SOME_HOME, 25, SOME_HOME));

        assertThat(jdks.defaultFeature(Model.byId("legacy"))).isEqualTo(17);
        assertThat(jdks.defaultFeature(Model.byId("legacy-virtual"))).isEqualTo(21);
        assertThat(jdks.defaultFeature(Model.byId("mvc-virtual"))).isEqualTo(25);
        assertThat(jdks.defaultFeature(Model.byId("coroutines"))).isEqualTo(25);
    }

    @Test
    void withoutJdk25TheOthersTakeTheNewestFound() {
        assertThat(new ServerJdks(Map.of(17, SOME_HOME, 21, SOME_HOME)).defaultFeature(Model.byId("webflux"))).isEqualTo(21);
        assertThat(new ServerJdks(Map.of(21, SOME_HOME, 26, SOME_HOME)).defaultFeature(Model.byId("mvc-platform"))).isEqualTo(26);
    }

    @Test
    void aMissingJdkSaysHowToGetIt() {
        ServerJdks only25 = new ServerJdks(Map.of(25, SOME_HOME));

        assertThatThrownBy(() -> only25.get(21)).isInstanceOf(PlanException.class)
                .hasMessageContaining("JDK 21 not found").hasMessageContaining("tools/install-jdks.sh");
        assertThatThrownBy(() -> only25.forModel(Model.byId("legacy"), null)).isInstanceOf(PlanException.class)
                .hasMessageContaining("JDK 17 not found").hasMessageContaining("apt-get install openjdk-17");
    }

    @Test
    void theJdkThisTestRunsOnIsFoundWithItsExactVersion() {
        Jdk current = Jdk.current();
        ServerJdks found = ServerJdks.discover();

        Jdk same = found.get(current.feature());
        assertThat(same.feature()).isEqualTo(current.feature());
        assertThat(same.version()).as("java.runtime.version, with its build").contains("+");
        assertThat(same.describe()).contains(" at /");
    }

    @Test
    void theJdkAxisRunsEveryModelOnEachJdkItCanRunOn() {
        Plan plan = PlanLoader.load("quick", Map.of("models", "legacy,mvc-virtual", "jdks", "17,21,25"));

        assertThat(plan.jdks()).containsExactly(17, 21, 25);
        assertThat(plan.jdkAxis()).isTrue();
        assertThat(plan.jdksFor(Model.byId("legacy"))).containsExactly(17, 21, 25);
        assertThat(plan.jdksFor(Model.byId("mvc-virtual"))).as("no virtual threads on 17").containsExactly(21, 25);
        assertThat(plan.cellCount()).isEqualTo(5 * plan.scenarios().size());
    }

    @Test
    void withoutTheAxisEachModelRunsOnceOnItsDefault() {
        Plan plan = PlanLoader.load("quick", Map.of("models", "legacy,mvc-virtual"));

        assertThat(plan.jdks()).isEmpty();
        assertThat(plan.jdkAxis()).isFalse();
        assertThat(plan.jdksFor(Model.byId("legacy"))).containsExactly((Integer) null);
        assertThat(plan.cellCount()).isEqualTo(2 * plan.scenarios().size());
    }

    @Test
    void aPlanFileTakesTheAxisAsAYamlList(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("axis.yaml"), "name: axis\nmodels: [mvc-virtual]\njdks: [21, 25]\n");

        assertThat(PlanLoader.load(file.toString(), Map.of()).jdks()).isEqualTo(List.of(21, 25));
        assertThatThrownBy(() -> PlanLoader.load(file.toString(), Map.of("jdks", "21,21")))
                .hasMessage("jdks: 21 is listed twice");
        assertThatThrownBy(() -> PlanLoader.load(file.toString(), Map.of("jdks", "twenty")))
                .hasMessageContaining("jdks: 'twenty' is not a JDK feature version");
    }
}
