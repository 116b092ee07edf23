package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.plan.PlanException;
import dev.loomlab.lab.process.CpuLayout;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EnginesTest {
    private static final CpuLayout CPUS = CpuLayout.forCores(2, false);

    @Test
    void everyEngineIsInstalledHere() {
        // CI runs tools/install-engines.sh first: a missing engine fails here with the line that says how.
        for (String id : Engines.IDS) {
            assertThat(Engines.available(id)).as(Engines.missingMessage(id)).isTrue();
            assertThat(Engines.byId(id, Jdk.current(), CPUS).id()).isEqualTo(id);
        }
    }

    @Test
    void aMissingEngineSaysHowToInstallIt() {
        assertThat(Engines.missingMessage("k6")).isEqualTo(
                "k6 is not installed: run tools/install-engines.sh k6 (or set LOOMLAB_K6 to a k6 binary)");
        assertThat(Engines.missingMessage("wrk")).startsWith("wrk is not installed: run tools/install-engines.sh wrk");
    }

    @Test
    void aVanishedBinaryIsAnEngineFailureWithTheHint(@org.junit.jupiter.api.io.TempDir Path out) {
        LoadSpec spec = LoadSpec.closed("http://127.0.0.1:9/", 1, Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1),
                out, "x", out.resolve("x.log"));
        assertThatThrownBy(() -> new K6Engine(out.resolve("no-k6"), CPUS).run(spec, p -> { }))
                .isInstanceOf(LoadException.class).hasMessageContaining("tools/install-engines.sh k6");
        assertThatThrownBy(() -> new WrkEngine(out.resolve("no-wrk"), CPUS).run(spec, p -> { }))
                .isInstanceOf(LoadException.class).hasMessageContaining("tools/install-engines.sh wrk");
    }

    @Test
    void anUnknownEngineListsTheKnownOnes() {
        assertThatThrownBy(() -> Engines.byId("jmeter", Jdk.current(), CPUS))
                .isInstanceOf(PlanException.class).hasMessage("unknown engine 'jmeter' (engines: hyperfoil, k6, wrk)");
    }

    @Test
    void theOpenModelSizesK6sVusByLittlesLawFromTheTimeout() {
        // 500/s × 60 s = 30,000 in flight at worst: capped; 2 s of arrivals pre-allocated.
        assertThat(K6Engine.openModelVus(500, 60)).containsExactly(1000, K6Engine.MAX_OPEN_VUS);
        assertThat(K6Engine.openModelVus(100, 2)).containsExactly(200, 201);
        assertThat(K6Engine.openModelVus(2, 1)).containsExactly(3, 3);
    }
}
