package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.result.Manifest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * {@code compare} names every plan field that makes two runs measure different things: each is changed in turn, and
 * the set-up line must name it. The fields come from the plan document itself, so a field added there and left out
 * here fails the first test.
 */
class ComparisonPlanDifferencesTest {
    /** Two values of each compared field, as a plan file spells them: a table, so that a field is one row. */
    private static final Map<String, List<Object>> TWO_VALUES = YAMLMapper.builder().build().readValue("""
            sleepMs: [100, 200]
            vus: [100, 200]
            rate: [100, 200]
            burst: [10, 20]
            shape: [steady, "spike 3x for 5s at 10s"]
            warmup: [auto, 20s]
            warmupMax: [30s, 60s]
            duration: [10s, 20s]
            rounds: [1, 3]
            poolSize: [10, 20]
            heap: [512m, 1g]
            database: [postgres, mariadb]
            dbUrl: ["jdbc:postgresql://a.example/x", "jdbc:postgresql://b.example/x"]
            engine: [hyperfoil, k6]
            requestTimeout: [10s, 20s]
            poolTimeout: [1s, 2s]
            jdks: [[21], [25]]
            tomcatThreads: [100, 200]
            jdbcDrivers: [[mariadb], [mysql-9.5.0]]
            topology: [local, split]
            appLatency: [1ms, 2ms]
            appJitter: [1ms, 2ms]
            dbLatency: [1ms, 2ms]
            dbJitter: [1ms, 2ms]
            agents: [[2], [3]]
            overlap: [none, beside-next]
            order: [shuffled, fixed]
            requests: [[{name: a, path: /a}], [{name: b, path: /b}]]
            tls: [insecure, /etc/ssl/service.pem]
            app: [/srv/a.jar, /srv/b.jar]
            appArgs: [[--a=1], [--a=2]]
            """, new TypeReference<LinkedHashMap<String, List<Object>>>() { });

    static Set<String> fields() {
        return TWO_VALUES.keySet();
    }

    @Test
    void everyFieldThatChangesWhatIsMeasuredIsCompared() {
        assertThat(Comparison.PLAN_KEYS).containsExactlyInAnyOrderElementsOf(TWO_VALUES.keySet())
                .contains("tomcatThreads").doesNotContain("seed", "dbPassword", "name");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fields")
    void aFieldChangedIsNamedAndTheSameValueIsNot(String field) {
        Manifest a = manifest(field, TWO_VALUES.get(field).get(0));
        Manifest b = manifest(field, TWO_VALUES.get(field).get(1));

        assertThat(Comparison.setupDifferences(a, List.of(), b, List.of())).hasSize(1).allMatch(line -> line.startsWith(field + " "));
        assertThat(Comparison.setupDifferences(a, List.of(), manifest(field, TWO_VALUES.get(field).get(0)), List.of())).isEmpty();
    }

    private static Manifest manifest(String field, Object value) {
        return new Manifest.Builder().runId("r").machine(Map.of("cores", "2"))
                .plan(PlanBinding.bind("test", Map.of("name", "p", field, value))).build();
    }
}
