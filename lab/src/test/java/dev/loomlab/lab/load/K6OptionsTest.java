package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.load.agents.AgentHost;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The k6 options a shaped cell's script ({@code <cell>.k6.js}) carries, read back from the script as k6 reads them. */
class K6OptionsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aSpikeIsASecondScenarioOfTheExtraUsersDuringTheStepOnly(@TempDir Path out) {
        // 40 VUs, 2.5x for 5 s at 10 s into the window after a 4 s warm-up: 60 more users from 14 s to 19 s
        LoadSpec spec = closed(out, 40, 4, 25).spiking(new Spike(2.5, Duration.ofSeconds(10), Duration.ofSeconds(5)));

        JsonNode scenarios = options(spec).path("scenarios");

        assertThat(names(scenarios)).containsExactly("cell", "spike");
        assertThat(scenarios.path("cell").path("executor").asString()).isEqualTo("constant-vus");
        assertThat(scenarios.path("cell").path("vus").asInt()).isEqualTo(40);
        assertThat(scenarios.path("cell").path("duration").asString()).isEqualTo("29000ms");
        JsonNode spike = scenarios.path("spike");
        assertThat(spike.path("executor").asString()).isEqualTo("constant-vus");
        assertThat(spike.path("vus").asInt()).isEqualTo(60);
        assertThat(spike.path("startTime").asString()).isEqualTo("14000ms");
        assertThat(spike.path("duration").asString()).isEqualTo("5000ms");
        assertThat(spike.path("gracefulStop").asString()).isEqualTo(scenarios.path("cell").path("gracefulStop").asString());
        // the script counts the spike's requests from the first scenario's start, in the same window
        assertThat(cell(spec).path("startsMs").path("spike").asLong()).isEqualTo(14_000);
        assertThat(cell(spec).path("startsMs").path("cell").asLong()).isZero();
    }

    @Test
    void aRampHoldsItsFirstLevelThroughTheWarmUpThenStepsOneLevelASecondAndHoldsTheTop(@TempDir Path out) {
        // from 10 to 40 VUs over 3 s: 10 at second 0, 20 at 1, 30 at 2, 40 from 3 on, in a 6 s window after 2 s
        LoadSpec spec = closed(out, 40, 2, 6).ramping(new Ramp(10, Duration.ofSeconds(3)));

        JsonNode cell = options(spec).path("scenarios").path("cell");

        assertThat(names(options(spec).path("scenarios"))).containsExactly("cell");
        assertThat(cell.path("executor").asString()).isEqualTo("ramping-vus");
        assertThat(cell.path("startVUs").asInt()).isEqualTo(10);
        assertThat(stages(cell)).containsExactly("3000ms:10", "0ms:20", "1000ms:20", "0ms:30", "1000ms:30", "0ms:40", "3000ms:40");
        long total = 0;
        for (JsonNode stage : cell.path("stages")) {
            total += Long.parseLong(stage.path("duration").asString().replace("ms", ""));
        }
        assertThat(total).as("warm-up and window").isEqualTo(8000);
    }

    @Test
    void aRampLongerThanTheWindowRisesToTheWindowsEndOnly(@TempDir Path out) {
        LoadSpec spec = closed(out, 100, 1, 3).ramping(new Ramp(10, Duration.ofSeconds(10)));

        assertThat(stages(options(spec).path("scenarios").path("cell"))).containsExactly("2000ms:10", "0ms:19", "1000ms:19", "0ms:28", "1000ms:28");
    }

    @Test
    void aSteadyClosedLoadIsOneConstantScenario(@TempDir Path out) {
        JsonNode scenarios = options(closed(out, 7, 1, 2)).path("scenarios");

        assertThat(names(scenarios)).containsExactly("cell");
        assertThat(scenarios.path("cell").path("executor").asString()).isEqualTo("constant-vus");
        assertThat(closed(out, 7, 1, 2).keepsSeconds()).isFalse();
    }

    @Test
    void agentsRefuseAShapeInOneLine(@TempDir Path out) {
        LoadSpec spiked = closed(out, 40, 4, 25).spiking(new Spike(2, Duration.ofSeconds(10), Duration.ofSeconds(5)));

        // refused before any agent is reached: this one does not exist
        K6Agents agents = new K6Agents(out.resolve("k6"), "k6 1.1.0", List.of(new AgentHost("nowhere", null, "nobody@192.0.2.1", 22,
                List.of(), false)));
        assertThatThrownBy(() -> agents.run(spiked, p -> { }))
                .isInstanceOf(LoadException.class).hasMessage("a spike or a ramp is driven by one k6: drop --agents");
    }

    private static LoadSpec closed(Path out, int vus, int warmupS, int windowS) {
        return LoadSpec.closed("http://127.0.0.1:9/", vus, Duration.ofSeconds(warmupS), Duration.ofSeconds(windowS), Duration.ofSeconds(2),
                out, "x", out.resolve("x.log"));
    }

    private static JsonNode options(LoadSpec spec) {
        return between(K6Engine.script(spec, Path.of("x.k6.driver.json")), "export const options = ");
    }

    private static JsonNode cell(LoadSpec spec) {
        return between(K6Engine.script(spec, Path.of("x.k6.driver.json")), "const CELL = ");
    }

    /** The JSON the script assigns after {@code prefix}, as the lab wrote it into the template. */
    private static JsonNode between(String script, String prefix) {
        int from = script.indexOf(prefix) + prefix.length();
        return JSON.readTree(script.substring(from, script.indexOf(";\n", from)));
    }

    private static List<String> names(JsonNode object) {
        return new ArrayList<>(object.propertyNames());
    }

    private static List<String> stages(JsonNode scenario) {
        List<String> out = new ArrayList<>();
        scenario.path("stages").forEach(s -> out.add(s.path("duration").asString() + ":" + s.path("target").asInt()));
        return out;
    }
}
