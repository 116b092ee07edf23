package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Model;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pitfalls plan's own arithmetic: it must make each pitfall show within its short cells. Read
 * as YAML, field by field, because its {@code jdks} axis is resolved by the plan loader of the JDK
 * axis (issue: models), not by this one.
 */
class PitfallsPlanTest {
    private static Map<String, Object> plan() throws IOException {
        try (InputStream in = PitfallsPlanTest.class.getResourceAsStream("/plans/pitfalls.yaml")) {
            assertThat(in).as("plans/pitfalls.yaml on the classpath").isNotNull();
            return PlanLoader.parseYaml("pitfalls", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void runsEveryPitfallOnEveryModelOnJdk21And25() throws IOException {
        Map<String, Object> plan = plan();

        assertThat(plan.get("name")).isEqualTo("pitfalls");
        assertThat((List<Object>) plan.get("jdks")).containsExactly(21, 25);
        // Every model whose server implements the pitfalls (coroutines and legacy serve seed 000's four only).
        assertThat((List<Object>) plan.get("models")).containsExactlyElementsOf(java.util.Arrays.stream(Model.values())
                .filter(m -> dev.loomlab.scenario.Scenarios.servedBy(m).contains(dev.loomlab.scenario.Scenarios.CPU))
                .map(Model::id).toList());
        assertThat((List<Object>) plan.get("scenarios")).containsExactly("pinned", "locked", "native-pinned", "threadlocal", "cpu",
                "slow-query", "slow-query-bulkhead", "write");
        ((List<?>) plan.get("scenarios")).forEach(id -> Scenarios.byId((String) id));
        assertThat(PlanLoader.FIELDS).containsAll(plan.keySet().stream().filter(k -> !k.equals("jdks")).toList());
    }

    /** slow-query's "before" needs requests that wait longer than the pool's 30 s timeout, inside the cell. */
    @Test
    void thePoolQueueOutlastsItsTimeoutWithinTheCell() throws IOException {
        Map<String, Object> plan = plan();
        double sleepS = ((Number) plan.get("sleepMs")).doubleValue() / 1000;
        int vus = ((Number) plan.get("vus")).intValue();
        int pool = ((Number) plan.get("poolSize")).intValue();
        long cellS = Durations.parse("warmup", String.valueOf(plan.get("warmup"))).plus(
                Durations.parse("duration", String.valueOf(plan.get("duration")))).toSeconds();

        assertThat((double) vus / pool * sleepS).as("a request's wait for a connection, s").isGreaterThan(30);
        assertThat(cellS).as("warm-up + window, s").isGreaterThan(30);
        assertThat(vus).as("above Tomcat's 200 threads, so the bulkhead is what limits").isGreaterThan(Defaults.TOMCAT_MAX_THREADS);
    }
}
