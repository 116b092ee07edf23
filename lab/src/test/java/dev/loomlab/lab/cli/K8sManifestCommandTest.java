package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.e2e.InProcessLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * {@code loomlab k8s-manifest}: a k6-operator TestRun with the agents' script and the number of runners, which a
 * cluster would run as the lab runs its agents; written, never run here (there is no cluster).
 */
class K8sManifestCommandTest {
    @TempDir
    Path tmp;

    @Test
    void writesTheAgentsScriptAndATestRunWithItsParallelism() throws Exception {
        Path out = tmp.resolve("testrun.yaml");
        InProcessLab.Exit exit = InProcessLab.execute("k8s-manifest", "--url", "http://my-api.default.svc:8080/", "--scenario", "block",
                "--sleep-ms", "50", "--vus", "100", "--warmup", "5s", "--duration", "30s", "--parallelism", "4", "--out", out.toString());

        assertThat(exit.status()).as(exit.stderr()).isZero();
        List<JsonNode> docs = new ArrayList<>();
        try (MappingIterator<JsonNode> it = YAMLMapper.builder().build().readerFor(JsonNode.class).readValues(Files.readString(out))) {
            it.forEachRemaining(docs::add);
        }
        assertThat(docs).hasSize(2);
        JsonNode configMap = docs.get(0);
        JsonNode testRun = docs.get(1);
        assertThat(configMap.path("kind").asString()).isEqualTo("ConfigMap");
        assertThat(testRun.path("apiVersion").asString()).isEqualTo("k6.io/v1alpha1");
        assertThat(testRun.path("kind").asString()).isEqualTo("TestRun");
        assertThat(testRun.path("metadata").path("name").asString()).isEqualTo("loomlab-block");
        assertThat(testRun.path("spec").path("parallelism").asInt()).isEqualTo(4);
        assertThat(testRun.path("spec").path("script").path("configMap").path("name").asString())
                .isEqualTo(configMap.path("metadata").path("name").asString());
        assertThat(testRun.path("spec").path("arguments").asString()).contains("--out csv=/dev/stdout");
        String script = configMap.path("data").path(testRun.path("spec").path("script").path("configMap").path("file").asString()).asString();
        // the whole test in the script: the operator gives each of the 4 runners its segment of the 100 VUs
        assertThat(script).contains("\"url\" : \"http://my-api.default.svc:8080/block?ms=50\"").contains("\"executor\" : \"constant-vus\"")
                .contains("\"vus\" : 100").contains("\"duration\" : \"35000ms\"").contains("lab_r_ok");
    }

    @Test
    void badValuesAreOneLineExitTwo() {
        for (List<String> bad : List.of(
                List.of("--url", "http://svc:8080", "--parallelism", "0"),
                List.of("--url", "http://svc:8080", "--parallelism", "8", "--vus", "4"),
                List.of("--url", "ftp://svc", "--vus", "10"),
                List.of("--url", "http://svc:8080", "--name", "Not_A_Label"),
                List.of("--url", "http://svc:8080", "--vus", "many"))) {
            List<String> args = new ArrayList<>(List.of("k8s-manifest"));
            args.addAll(bad);
            InProcessLab.Exit exit = InProcessLab.execute(args.toArray(String[]::new));
            assertThat(exit.status()).as(bad + ": " + exit.stderr()).isEqualTo(2);
            assertThat(exit.stderr().lines().toList()).as(bad.toString()).hasSize(1).first().asString().startsWith("loomlab: ");
        }
    }
}
