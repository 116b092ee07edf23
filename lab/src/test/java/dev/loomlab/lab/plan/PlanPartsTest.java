package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanPartsTest {
    @TempDir
    Path tmp;

    @Test
    void seedNotesIsSeed002sSetUpInFourParts() {
        List<PlanParts.Part> parts = PlanLoader.parts("seed-notes", Map.of());

        assertThat(parts).extracting(PlanParts.Part::name).containsExactly("io-200", "cpu-200", "webflux-500", "burst");
        assertThat(parts).allSatisfy(p -> assertThat(p.plan().heap()).isEqualTo("256m"));
        assertThat(parts.get(0).plan().workload()).isEqualTo(new Workload.Closed(200));
        assertThat(parts.get(0).plan().models()).containsExactly(Model.byId("mvc-platform"), Model.byId("mvc-virtual"));
        assertThat(parts.get(2).plan().workload()).isEqualTo(new Workload.Closed(500));
        assertThat(parts.get(2).plan().models()).containsExactly(Model.byId("webflux"), Model.byId("mvc-virtual"));

        Plan burst = parts.get(3).plan();
        assertThat(burst.workload()).isEqualTo(new Workload.Burst(100));
        assertThat(burst.sleepMs()).isEqualTo(10_000);
        assertThat(burst.tomcatThreads()).isEqualTo(10);
        assertThat(burst.requestTimeout()).isEqualTo(Duration.ofSeconds(150));
        assertThat(parts.get(0).plan().tomcatThreads()).isEqualTo(Defaults.TOMCAT_MAX_THREADS);

        assertThat(parts).flatExtracting(PlanParts.Part::seed).extracting(PlanParts.SeedClaim::seed)
                .containsExactly("151 %", "93 %", "211 %", "130 s vs 10 s");
    }

    @Test
    void flagsApplyToEveryPart() {
        List<PlanParts.Part> parts = PlanLoader.parts("seed-notes", Map.of("duration", "5s", "tomcatThreads", "20"));
        assertThat(parts).allSatisfy(p -> {
            assertThat(p.plan().window().measure()).isEqualTo(Duration.ofSeconds(5));
            assertThat(p.plan().tomcatThreads()).isEqualTo(20);
        });
    }

    @Test
    void aPlanWithoutPartsIsOnePart() {
        List<PlanParts.Part> parts = PlanLoader.parts("quick", Map.of("scenarios", "block"));
        assertThat(parts).hasSize(1);
        assertThat(parts.getFirst().plan().scenarios()).containsExactly(Scenarios.BLOCK);
    }

    @Test
    void aPartWithAnUnknownFieldOrAMalformedClaimIsRefused() throws Exception {
        Path unknown = tmp.resolve("bad.yaml");
        Files.writeString(unknown, "name: bad\ndescription: x\nparts:\n  - part: one\n    users: 3\n");
        assertThatThrownBy(() -> PlanLoader.parts(unknown.toString(), Map.of()))
                .isInstanceOf(PlanException.class).hasMessageContaining("unknown field 'users'");

        Path claim = tmp.resolve("claim.yaml");
        Files.writeString(claim, "name: claim\ndescription: x\nparts:\n  - part: one\n    seed:\n      - {claim: c, scenario: block, metric: p99, of: a, over: b, seed: s}\n");
        assertThatThrownBy(() -> PlanLoader.parts(claim.toString(), Map.of()))
                .isInstanceOf(PlanException.class).hasMessageContaining("metric is tps or wallTime");
    }
}
