package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnginesTest {
    private static final CpuLayout CPUS = CpuLayout.forCores(2, false);

    @Test
    void everyEngineIsInstalledHere() {
        // CI runs tools/install-engines.sh first: a missing engine fails here with the line that says how.
        for (String id : EngineCatalog.standard().ids()) {
            assertThat(EngineCatalog.standard().available(id)).as(EngineCatalog.standard().missingMessage(id)).isTrue();
            assertThat(EngineCatalog.standard().byId(id, Jdk.current(), CPUS).id()).isEqualTo(id);
        }
    }

    @Test
    void aMissingEngineSaysHowToInstallIt() {
        assertThat(EngineCatalog.standard().missingMessage("k6")).isEqualTo(
                "k6 is not installed: run tools/install-engines.sh k6 (or set LOOMLAB_K6 to a k6 binary)");
        assertThat(EngineCatalog.standard().missingMessage("wrk")).startsWith("wrk is not installed: run tools/install-engines.sh wrk");
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
        assertThatThrownBy(() -> EngineCatalog.standard().byId("jmeter", Jdk.current(), CPUS))
                .isInstanceOf(PlanException.class).hasMessage("unknown engine 'jmeter' (engines: hyperfoil, k6, wrk)");
    }

    @Test
    void theOpenModelSizesK6sVusByLittlesLawFromTheTimeout() {
        // 500/s × 60 s = 30,000 in flight at worst: capped; 2 s of arrivals pre-allocated.
        assertThat(K6Options.openModelVus(500, 60)).containsExactly(1000, K6Options.MAX_OPEN_VUS);
        assertThat(K6Options.openModelVus(100, 2)).containsExactly(200, 201);
        assertThat(K6Options.openModelVus(2, 1)).containsExactly(3, 3);
    }

    @Test
    void k6sScenarioFollowsTheWorkload(@org.junit.jupiter.api.io.TempDir Path out) {
        Map<?, ?> open = (Map<?, ?>) ((Map<?, ?>) K6Engine.options(LoadSpec.open("http://127.0.0.1:9/", 12.5, Duration.ofSeconds(1),
                Duration.ofSeconds(2), Duration.ofSeconds(2), out, "x", out.resolve("x.log"))).get("scenarios")).get("cell");
        assertThat(open.get("executor")).isEqualTo("constant-arrival-rate");
        assertThat(open.get("rate")).isEqualTo(12_500L);
        assertThat(open.get("timeUnit")).isEqualTo("1000s");
        Map<?, ?> closed = (Map<?, ?>) ((Map<?, ?>) K6Engine.options(LoadSpec.closed("http://127.0.0.1:9/", 7, Duration.ofSeconds(1),
                Duration.ofSeconds(2), Duration.ofSeconds(2), out, "x", out.resolve("x.log"))).get("scenarios")).get("cell");
        assertThat(closed.get("executor")).isEqualTo("constant-vus");
        assertThat(closed.get("vus")).isEqualTo(7);
    }

    @Test
    void anEngineAskedForAShapeItLacksSaysSoAsTheCatalogueDoes(@org.junit.jupiter.api.io.TempDir Path out) {
        LoadSpec open = LoadSpec.open("http://127.0.0.1:9/", 5, Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1),
                out, "x", out.resolve("x.log"));
        LoadSpec burst = LoadSpec.burst("http://127.0.0.1:9/", 5, Duration.ofSeconds(1), out, "x", out.resolve("x.log"));
        assertThatThrownBy(() -> new WrkEngine(out.resolve("no-wrk"), CPUS).run(open, p -> { }))
                .isInstanceOf(LoadException.class).hasMessage("wrk has no open model: use --engine hyperfoil or k6");
        assertThatThrownBy(() -> new K6Engine(out.resolve("no-k6"), CPUS).run(burst, p -> { }))
                .isInstanceOf(LoadException.class).hasMessage("k6 has no burst shape: use --engine hyperfoil");
    }
}
