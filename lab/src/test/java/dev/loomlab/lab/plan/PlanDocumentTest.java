package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.settings.Topology;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A plan file, the flags and a manifest are bound strictly, each refusal one line naming the field. */
class PlanDocumentTest {
    @TempDir
    Path tmp;

    @Test
    void aNumberBeyondEveryIntegerIsRefusedNotWrappedAround() throws IOException {
        refusesFile("big", "vus: 18446744073709551617\n")
                .hasMessage("vus must be between 1 and 100000, got 18446744073709551617");
    }

    @Test
    void anOverflowingFlagIsRefusedAlike() {
        refuses(Map.of("tomcatThreads", "4294967306")).hasMessage("tomcatThreads must be between 1 and 10000, got 4294967306");
    }

    @Test
    void aFieldGivenTwiceIsRefused() throws IOException {
        refusesFile("twice", "vus: 10\nvus: 20\n").hasMessageContaining("field 'vus' is given twice");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "10.0", "[10]", "ten"})
    void aWholeNumberFieldTakesNoFloatNorText(String value) throws IOException {
        refusesFile("float", "rounds: " + value + "\n").hasMessageStartingWith("rounds must be a whole number between 1 and 100, got ");
    }

    @Test
    void aDurationOutsideItsRangeNamesTheRange() {
        refuses(Map.of("duration", "0s")).hasMessage("duration must be between 1s and 24h, got 0s");
        refuses(Map.of("warmup", "25h")).hasMessage("warmup must be between 0s and 24h, got 25h");
    }

    @Test
    void theOneDurationGrammarReadsCompoundDurations() {
        Plan plan = PlanLoader.load("quick", Map.of("duration", "1m30s", "warmup", "500ms"));

        assertThat(plan.window().measure()).isEqualTo(Duration.ofSeconds(90));
        assertThat(plan.window().warmup()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aRateIsAnOpenWorkloadAndABurstABurst() {
        assertThat(PlanLoader.load("quick", Map.of("rate", "300")).workload()).isEqualTo(new Workload.Open(300));
        assertThat(PlanLoader.load("quick", Map.of("burst", "100")).workload()).isEqualTo(new Workload.Burst(100));
        refuses(Map.of("rate", "0")).hasMessage("rate must be above 0 and at most 1000000 requests/s, got 0");
    }

    @Test
    void theLaterDocumentsGivenFieldsWin() {
        PlanDocument plan = PlanBinding.bind("a", Map.of("vus", 10, "rounds", 3));
        PlanDocument flags = PlanBinding.bind("b", Map.of("vus", "20"));

        PlanDocument merged = plan.overriddenBy(flags);

        assertThat(merged.vus()).isEqualTo(20);
        assertThat(merged.rounds()).isEqualTo(3);
    }

    @Test
    void listsAreAYamlListOrCommaSeparated() {
        assertThat(PlanBinding.bind("a", Map.of("models", "webflux, mvc-virtual")).models()).containsExactly("webflux", "mvc-virtual");
        assertThat(PlanBinding.bind("a", Map.of("jdks", List.of("21", "25"))).jdks()).containsExactly(21, 25);
    }

    @Test
    void aListWhereOneValueBelongsIsRefused() throws IOException {
        refusesFile("heap", "heap: [1g, 2g]\n").hasMessage("heap: expected one value (text), got a list or a mapping");
    }

    @Test
    void aDelayIsReadInDecimalMicrosecondsNotThroughADouble() {
        assertThat(Topology.parseDelay("appLatency", "128.002ms")).isEqualTo(Duration.ofNanos(128_002_000));
        assertThat(Topology.parseDelay("appLatency", Topology.format(Duration.ofNanos(128_002_000)))).isEqualTo(Duration.ofNanos(128_002_000));
    }

    private AbstractThrowableAssert<?, ? extends Throwable> refusesFile(String name, String yaml) throws IOException {
        Path file = Files.writeString(tmp.resolve(name + ".yaml"), "name: " + name + "\n" + yaml);
        return assertThatThrownBy(() -> PlanLoader.load(file.toString(), Map.of()))
                .isInstanceOf(PlanException.class).hasMessageNotContaining("\n");
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> refuses(Map<String, Object> flags) {
        return assertThatThrownBy(() -> PlanLoader.load("quick", flags)).isInstanceOf(PlanException.class).hasMessageNotContaining("\n");
    }
}
