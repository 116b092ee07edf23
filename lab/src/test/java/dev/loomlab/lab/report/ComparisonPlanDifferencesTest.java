package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.result.Manifest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code compare} names every plan field that makes two runs measure different things: each is changed in turn, and
 * the set-up line must name it. The fields come from the plan document itself, so a field added there and left out
 * here fails the first test.
 */
class ComparisonPlanDifferencesTest {
    /** Two values of each compared field, as a plan file or a flag spells them. */
    private static final Map<String, List<Object>> TWO_VALUES = Map.ofEntries(
            Map.entry("sleepMs", List.of("100", "200")),
            Map.entry("vus", List.of("100", "200")),
            Map.entry("rate", List.of("100", "200")),
            Map.entry("burst", List.of("10", "20")),
            Map.entry("warmup", List.of("auto", "20s")),
            Map.entry("warmupMax", List.of("30s", "60s")),
            Map.entry("duration", List.of("10s", "20s")),
            Map.entry("rounds", List.of("1", "3")),
            Map.entry("poolSize", List.of("10", "20")),
            Map.entry("heap", List.of("512m", "1g")),
            Map.entry("database", List.of("postgres", "mariadb")),
            Map.entry("dbUrl", List.of("jdbc:postgresql://a.example/x", "jdbc:postgresql://b.example/x")),
            Map.entry("engine", List.of("hyperfoil", "k6")),
            Map.entry("requestTimeout", List.of("10s", "20s")),
            Map.entry("poolTimeout", List.of("1s", "2s")),
            Map.entry("jdks", List.of(List.of("21"), List.of("25"))),
            Map.entry("tomcatThreads", List.of("100", "200")),
            Map.entry("jdbcDrivers", List.of(List.of("mariadb"), List.of("mysql-9.5.0"))),
            Map.entry("topology", List.of("local", "split")),
            Map.entry("appLatency", List.of("1ms", "2ms")),
            Map.entry("appJitter", List.of("1ms", "2ms")),
            Map.entry("dbLatency", List.of("1ms", "2ms")),
            Map.entry("dbJitter", List.of("1ms", "2ms")),
            Map.entry("agents", List.of(List.of("2"), List.of("3"))),
            Map.entry("overlap", List.of("none", "beside-next")),
            Map.entry("order", List.of("shuffled", "fixed")),
            Map.entry("requests", List.of(List.of(Map.of("name", "a", "path", "/a")), List.of(Map.of("name", "b", "path", "/b")))),
            Map.entry("tls", List.of("insecure", "/etc/ssl/service.pem")),
            Map.entry("app", List.of("/srv/a.jar", "/srv/b.jar")),
            Map.entry("appArgs", List.of(List.of("--a=1"), List.of("--a=2"))));

    @Test
    void everyFieldThatChangesWhatIsMeasuredIsCompared() {
        assertThat(Comparison.PLAN_KEYS).containsExactlyInAnyOrderElementsOf(TWO_VALUES.keySet())
                .contains("tomcatThreads").doesNotContain("seed", "dbPassword", "name");
    }

    @Test
    void eachFieldChangedInTurnIsNamed() {
        TWO_VALUES.forEach((field, values) -> {
            Manifest a = manifest(field, values.get(0));
            Manifest b = manifest(field, values.get(1));

            assertThat(Comparison.setupDifferences(a, List.of(), b, List.of())).as(field).hasSize(1)
                    .allMatch(line -> line.startsWith(field + " "));
        });
    }

    @Test
    void twoRunsOfOnePlanDifferInNothing() {
        TWO_VALUES.forEach((field, values) ->
                assertThat(Comparison.setupDifferences(manifest(field, values.get(0)), List.of(), manifest(field, values.get(0)), List.of()))
                        .as(field).isEmpty());
    }

    private static Manifest manifest(String field, Object value) {
        return new Manifest.Builder().runId("r").machine(Map.of("cores", "2"))
                .plan(PlanBinding.bind("test", Map.of("name", "p", field, value))).build();
    }
}
