package dev.loomlab.lab.load.agents;

import dev.loomlab.lab.load.K6Agents;
import dev.loomlab.lab.load.LoadSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The same split test for a Kubernetes cluster with Grafana's k6-operator: a ConfigMap holding the cell's agent script
 * and a {@code TestRun} (k6.io/v1alpha1) whose {@code parallelism} is the number of agents — the operator gives each
 * runner pod its execution segment, starts them paused and resumes them together, as the lab does over SSH. Each
 * runner writes its samples as CSV on its standard output ({@code --out csv=/dev/stdout}, nothing else printed), for
 * {@code kubectl logs} to collect; the lab does not run it (it has no cluster).
 */
public final class K6OperatorManifest {
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private K6OperatorManifest() {
    }

    /** Two YAML documents: the ConfigMap, then the TestRun; {@code name} is a DNS label (checked by the caller). */
    public static String of(String name, LoadSpec spec, int parallelism) {
        Map<String, Object> configMap = new LinkedHashMap<>();
        configMap.put("apiVersion", "v1");
        configMap.put("kind", "ConfigMap");
        configMap.put("metadata", Map.of("name", name + "-script"));
        configMap.put("data", Map.of("cell.js", K6Agents.script(spec)));

        Map<String, Object> runner = new LinkedHashMap<>();
        runner.put("env", List.of(Map.of("name", "K6_CSV_TIME_FORMAT", "value", "unix_micro"),
                Map.of("name", "K6_NO_USAGE_REPORT", "value", "true")));
        Map<String, Object> specMap = new LinkedHashMap<>();
        specMap.put("parallelism", parallelism);
        specMap.put("script", Map.of("configMap", Map.of("name", name + "-script", "file", "cell.js")));
        // the samples alone on stdout: no progress, no banner, k6's own log discarded
        specMap.put("arguments", "--quiet --log-output=none --system-tags= --out csv=/dev/stdout");
        specMap.put("runner", runner);
        Map<String, Object> testRun = new LinkedHashMap<>();
        testRun.put("apiVersion", "k6.io/v1alpha1");
        testRun.put("kind", "TestRun");
        testRun.put("metadata", Map.of("name", name));
        testRun.put("spec", specMap);
        return YAML.writeValueAsString(configMap) + YAML.writeValueAsString(testRun);
    }
}
