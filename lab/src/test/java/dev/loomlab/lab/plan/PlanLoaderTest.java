package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.ValueSource;

class PlanLoaderTest {
    static final java.util.List<String> PRESETS = PlanLoader.presets();

    @TempDir
    Path tmp;

    @ParameterizedTest
    @FieldSource("PRESETS")
    void everyPresetLoadsAndIsNamedAfterItsFile(String preset) {
        Plan plan = PlanLoader.load(preset, Map.of());

        assertThat(plan.name()).isEqualTo(preset);
        assertThat(plan.description()).isNotBlank();
        assertThat(plan.cellCount()).isPositive();
    }

    @Test
    void quickIsEveryModelTimesEverySeedScenarioOnce() {
        Plan quick = PlanLoader.load("quick", Map.of());

        assertThat(quick.models()).containsExactly(Model.byId("mvc-platform"), Model.byId("mvc-virtual"), Model.byId("webflux"));
        assertThat(quick.scenarios()).containsExactly(Scenarios.THREAD_NAME, Scenarios.BLOCK, Scenarios.BLOCK_QUERY, Scenarios.SLOW_QUERY);
        assertThat(quick.rounds()).isEqualTo(1);
        assertThat(quick.cellCount()).isEqualTo(12);
    }

    @Test
    void seedTalkIsTheTalksSetup() {
        Plan talk = PlanLoader.load("seed-talk", Map.of());

        assertThat(talk.workload()).isEqualTo(new Workload.Closed(3000));
        assertThat(talk.window().measure()).isEqualTo(Duration.ofSeconds(30));
        assertThat(talk.rounds()).isEqualTo(3);
        assertThat(talk.poolSize()).isEqualTo(150);
        assertThat(talk.sleepMs()).isEqualTo(1000);
        // The seeds' four columns (legacy standing in for JDK 8 + Boot 2.7) plus coroutines.
        assertThat(talk.models()).containsExactly(Model.byId("mvc-platform"), Model.byId("mvc-virtual"), Model.byId("webflux"),
                Model.byId("coroutines"), Model.byId("legacy"));
    }

    @Test
    void legacyComparesTheSameBoot27AppOnPlatformAndVirtualThreads() {
        Plan legacy = PlanLoader.load("legacy", Map.of());

        assertThat(legacy.models()).containsExactly(Model.byId("legacy"), Model.byId("legacy-virtual"));
        assertThat(legacy.scenarios()).containsExactly(Scenarios.BLOCK);
        assertThat(legacy.jdks()).as("each on its default JDK: 17 and 21").isEmpty();
    }

    @Test
    void everyPlanRunsEachCellAloneAndRecordsItAPlanThatAsksForOverlapIsRefused() {
        for (String preset : PlanLoader.presets()) {
            assertThat(PlanDocument.of(PlanLoader.load(preset, Map.of())).overlap()).as(preset).isEqualTo("none");
        }
        // a plan file written by a run that recorded it (--resume of an older run) still loads
        assertThat(PlanDocument.of(PlanLoader.load("quick", Map.of("overlap", "none"))).overlap()).isEqualTo("none");
        assertThatThrownBy(() -> PlanLoader.load("seed-talk", Map.of("overlap", "beside-next"))).isInstanceOf(PlanException.class)
                .hasMessage("overlap: 'beside-next' is no longer offered: every cell runs alone (allowed: none, or leave the field out)");
    }

    @Test
    void overridesWinOverThePreset() {
        Plan plan = PlanLoader.load("seed-talk", Map.of("vus", "10", "scenarios", "block", "duration", "2s", "heap", "512M"));

        assertThat(plan.workload()).isEqualTo(new Workload.Closed(10));
        assertThat(plan.scenarios()).containsExactly(Scenarios.BLOCK);
        assertThat(plan.window().measure()).isEqualTo(Duration.ofSeconds(2));
        assertThat(plan.heap()).isEqualTo("512m");
        assertThat(plan.rounds()).as("untouched fields keep the preset's value").isEqualTo(3);
        assertThat(plan.database()).isEqualTo(Dialect.MARIADB);
    }

    @Test
    void aYamlFileByPathLoadsWithDefaultsForWhatItLeavesOut() throws IOException {
        Path file = write("mine.yaml", "name: mine\nmodels: [webflux]\nscenarios: block, slow-query\n");

        Plan plan = PlanLoader.load(file.toString(), Map.of());

        assertThat(plan.name()).isEqualTo("mine");
        assertThat(plan.models()).containsExactly(Model.byId("webflux"));
        assertThat(plan.scenarios()).containsExactly(Scenarios.BLOCK, Scenarios.SLOW_QUERY);
        assertThat(plan.workload()).isEqualTo(new Workload.Closed(Defaults.VUS));
        assertThat(plan.window()).as("the warm-up lasts until the load has settled, by default")
                .isEqualTo(Window.settling(dev.loomlab.load.Protocol.WARMUP_FLOOR, dev.loomlab.load.Protocol.WARMUP_MAX, Defaults.DURATION));
        assertThat(plan.poolSize()).isEqualTo(Defaults.POOL_SIZE);
    }

    @Test
    void aWarmUpIsAutoUpToItsCapOrAFixedTimeAndACapWithoutAutoIsRefused() throws IOException {
        assertThat(PlanLoader.load("quick", Map.of("warmup", "20s")).window()).isEqualTo(new Window(Duration.ofSeconds(20), Duration.ofSeconds(10)));
        assertThat(PlanLoader.load("quick", Map.of("warmupMax", "45s")).window())
                .isEqualTo(Window.settling(dev.loomlab.load.Protocol.WARMUP_FLOOR, Duration.ofSeconds(45), Duration.ofSeconds(10)));
        Path file = write("fixed.yaml", "name: fixed\nwarmup: 20s\nwarmupMax: 40s\n");
        refuses(file.toString(), Map.of()).hasMessage("warmupMax applies to warmup: auto; a fixed warmup of 20s has no cap (drop warmupMax, or set warmup: auto)");
        refuses("quick", Map.of("warmupMax", "2s")).hasMessage("warmupMax must be whole seconds above the 5s floor of warmup: auto, got 2s");
        refuses("quick", Map.of("warmup", "soon")).hasMessageStartingWith("warmup");
        // written back as a plan file spells it
        assertThat(PlanDocument.of(PlanLoader.load("quick", Map.of())).warmup()).isEqualTo(Warmup.AUTO);
        assertThat(PlanDocument.of(PlanLoader.load("quick", Map.of())).warmupMax()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void anUnknownPlanNameListsThePresets() {
        refuses("nope", Map.of()).hasMessage("unknown plan 'nope' (presets: " + String.join(", ", PlanLoader.presets())
                + "; or give a path to a .yaml file)");
    }

    @Test
    void anUnknownFieldInAFileListsTheFields() throws IOException {
        Path file = write("typo.yaml", "name: typo\nvu: 10\n");

        refuses(file.toString(), Map.of()).hasMessageContaining("unknown field 'vu' (allowed: name, description, models,");
    }

    @Test
    void anUnknownFieldInTheOverridesListsTheFields() {
        refuses("quick", Map.of("threads", "10"))
                .hasMessageStartingWith("plan command line: unknown field 'threads' (allowed: name, description, models,");
    }

    @Test
    void anUnknownModelListsTheModels() {
        refuses("quick", Map.of("models", "mvc-platform,kotlin"))
                .hasMessage("models: unknown model 'kotlin' (allowed: " + String.join(", ", Model.idList()) + ")");
    }

    @Test
    void anUnknownScenarioListsTheScenarios() {
        refuses("quick", Map.of("scenarios", "sleep"))
                .hasMessage("scenarios: unknown scenario 'sleep' (allowed: thread-name, block, block-query, slow-query, pinned, locked, native-pinned, threadlocal, cpu, slow-query-bulkhead, write, read, fan-out-sequential, fan-out-parallel, fan-out-unsubscribed)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5"})
    void vusMustBePositive(String vus) {
        refuses("quick", Map.of("vus", vus)).hasMessage("vus must be between 1 and 100000, got " + vus);
    }

    @Test
    void anUnreadableDurationShowsExamples() {
        refuses("quick", Map.of("duration", "10x"))
                .hasMessage("duration: cannot read '10x' as a duration (examples: 500ms, 30s, 1m30s, 2m)");
    }

    @Test
    void aHeapMustLookLikeAJvmFlag() {
        refuses("quick", Map.of("heap", "lots")).hasMessage("heap must look like 512m or 2g, got 'lots'");
    }

    @Test
    void malformedYamlIsOneLine() throws IOException {
        Path file = write("broken.yaml", "name: broken\nmodels: [mvc-platform\nvus: 10\n");

        refuses(file.toString(), Map.of()).hasMessageStartingWith("plan " + file + ": not valid YAML: ");
    }

    @Test
    void theNameMustEqualTheFileNameAndIsQuotedOnOneLine() throws IOException {
        // the second is what the plan fuzz test found: a quoted name with a line break in it, said on one line
        for (String[] nameAndSaid : new String[][] {{"yours", "'yours'"}, {"\"mine\\n-\"", "'mine\\n-'"}}) {
            Path file = write("mine.yaml", "name: " + nameAndSaid[0] + "\n");
            refuses(file.toString(), Map.of()).hasMessage("plan " + file + ": name " + nameAndSaid[1] + " must equal the file name 'mine'");
        }
    }

    @Test
    void aListAtTopLevelIsNotAPlan() throws IOException {
        Path file = write("list.yaml", "- name: list\n- vus: 10\n");

        refuses(file.toString(), Map.of()).hasMessageStartingWith("plan " + file + ": expected a mapping of fields (name, description,");
    }

    private Path write(String name, String yaml) throws IOException {
        return Files.writeString(tmp.resolve(name), yaml);
    }

    /** Every refusal is a PlanException with exactly one line: the CLI prints it as is. */
    private static AbstractThrowableAssert<?, ? extends Throwable> refuses(String plan, Map<String, Object> overrides) {
        return assertThatThrownBy(() -> PlanLoader.load(plan, overrides))
                .isInstanceOf(PlanException.class)
                .hasMessageNotContaining("\n");
    }
}
