package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Whatever a plan file or a flag says, the parser answers with a valid plan or with one line
 * (a {@link PlanException}) — never a stack trace, never another exception.
 */
class PlanParserFuzzTest {
    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Files.createTempDirectory("loomlab-plan-fuzz");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(dir);
    }

    @Property(tries = 400)
    void anyTextAsAPlanFileIsAPlanOrOneLine(@ForAll("yamlishText") String text) {
        assertPlanOrOneLine(() -> PlanLoader.load(write(text).toString(), Map.of()));
    }

    @Property(tries = 400)
    void anyFieldsWithAnyValuesAreAPlanOrOneLine(@ForAll("fieldMaps") Map<String, Object> fields) {
        StringBuilder yaml = new StringBuilder("name: fuzz\n");
        fields.forEach((k, v) -> yaml.append(k).append(": ").append(v).append('\n'));
        assertPlanOrOneLine(() -> PlanLoader.load(write(yaml.toString()).toString(), Map.of()));
    }

    @Property(tries = 400)
    void anyFlagValuesAreAPlanOrOneLine(@ForAll("fieldMaps") Map<String, Object> overrides) {
        assertPlanOrOneLine(() -> PlanLoader.load("quick", overrides));
    }

    @Property(tries = 100)
    void anyBytesAsAPlanFileAreAPlanOrOneLine(@ForAll byte[] bytes) throws IOException {
        Path file = dir.resolve("fuzz.yaml");
        Files.write(file, bytes);
        assertPlanOrOneLine(() -> PlanLoader.load(file.toString(), Map.of()));
    }

    @Property(tries = 100)
    void anUnknownFieldIsNamedWithTheAllowedOnes(@ForAll("unknownKeys") String key) {
        try {
            PlanLoader.load(write("name: fuzz\n" + key + ": 1\n").toString(), Map.of());
            throw new AssertionError("accepted the unknown field '" + key + "'");
        } catch (PlanException e) {
            assertThat(e.getMessage()).contains("unknown field '" + key + "'")
                    .contains("(allowed: " + String.join(", ", PlanLoader.FIELDS) + ")");
        }
    }

    private static void assertPlanOrOneLine(java.util.function.Supplier<Plan> load) {
        try {
            Plan plan = load.get();
            assertThat(plan.models()).isNotEmpty();
            assertThat(plan.scenarios()).isNotEmpty();
            assertThat(plan.workload()).isNotNull();
            assertThat(plan.window().measure()).isPositive();
        } catch (PlanException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain("\n").doesNotContain("\r");
        }
    }

    private static Path write(String text) {
        Path file = dir.resolve("fuzz.yaml");
        try {
            // Lone surrogates become '?': the file holds bytes, as any file would.
            Files.write(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    @Provide
    Arbitrary<String> yamlishText() {
        Arbitrary<String> noise = Arbitraries.strings().withChars(":-[]{}#&*!|>'\"%@`,? \n\t0123456789abcnmez.").ofMaxLength(200);
        Arbitrary<String> unicode = Arbitraries.strings().all().ofMaxLength(120);
        Arbitrary<String> nested = Arbitraries.integers().between(1, 4000).map(n -> "name: fuzz\nmodels: " + "[".repeat(n) + "]".repeat(n) + "\n");
        Arbitrary<String> anchors = Arbitraries.integers().between(1, 30).map(PlanParserFuzzTest::billionLaughs);
        return Arbitraries.oneOf(noise, unicode, noise.map(s -> "name: fuzz\n" + s), nested, anchors);
    }

    /** YAML aliases that expand exponentially: must not blow up the parser. */
    private static String billionLaughs(int depth) {
        StringBuilder y = new StringBuilder("name: fuzz\na0: &a0 [x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < depth; i++) {
            y.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 9; j++) {
                y.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            y.append("]\n");
        }
        return y.toString();
    }

    @Provide
    Arbitrary<Map<String, Object>> fieldMaps() {
        Arbitrary<String> keys = Arbitraries.oneOf(Arbitraries.of(PlanLoader.FIELDS).filter(k -> !k.equals("name")),
                Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8));
        Arbitrary<Object> values = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(30).map(s -> (Object) s),
                Arbitraries.longs().map(l -> (Object) l),
                Arbitraries.doubles().map(d -> (Object) d),
                Arbitraries.of("1s", "0s", "-5s", "10x", "2g", "512m", "mvc-virtual", "webflux,webflux", "block", "", "null",
                        "~", "[]", "{}", "[a, b]", "{a: 1}", "99999999999999999999", "NaN", "Infinity", "postgres", "k6",
                        "jdbc:postgresql://x/y?password=p", "jdbc:oracle:thin:@x").map(s -> (Object) s),
                Arbitraries.strings().ofMaxLength(5).list().ofMaxSize(3).map(l -> (Object) l));
        return Arbitraries.maps(keys, values).ofMaxSize(6).map(m -> {
            Map<String, Object> ordered = new LinkedHashMap<>(m);
            ordered.remove("name");
            return ordered;
        });
    }

    @Provide
    Arbitrary<String> unknownKeys() {
        return Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(12)
                .filter(k -> !PlanLoader.FIELDS.contains(k) && !List.of("true", "false", "null", "yes", "no", "on", "off", "y", "n").contains(k.toLowerCase()));
    }
}
