package dev.loomlab.lab.cli;

import dev.loomlab.lab.cell.Measure;
import dev.loomlab.lab.load.agents.K6OperatorManifest;
import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenario;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "k8s-manifest", mixinStandardHelpOptions = true, modelTransformer = PlanOptions.LoadFlags.class,
        description = "Write a k6-operator TestRun (and its script's ConfigMap) that runs one cell's k6 test from N runner pods, "
                + "each its execution segment, as --engine k6 --agents does over SSH; --vus and --rate are the whole test's, shared "
                + "among the runners. Written, not run: see docs/engines.md.")
public final class K8sManifestCommand implements Callable<Integer> {
    @Option(names = "--url", required = true, paramLabel = "URL", description = "the service's base URL as the cluster reaches it, e.g. http://my-api.default.svc:8080")
    String url;

    @Option(names = "--scenario", paramLabel = "ID", description = "the scenario whose path is loaded; default thread-name")
    String scenario = "thread-name";

    @Option(names = "--parallelism", paramLabel = "N", description = "runner pods, each one execution segment; default 2")
    int parallelism = 2;

    @Option(names = "--name", paramLabel = "NAME", description = "the TestRun's name (a DNS label); default loomlab-<scenario>")
    String name;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write the YAML; default: standard output")
    Path out;

    /** The load's flags as {@code run} spells and checks them; its VUs or rate are the whole test's, which the runners share. */
    @Spec
    CommandSpec command;

    @Override
    public Integer call() {
        // the values read as a plan reads them, so a bad one is refused with the same line
        Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("scenarios", scenario);
        overrides.putAll(PlanOptions.given(command));
        overrides.put("engine", "k6");
        Plan plan = PlanLoader.load("quick", overrides);
        if (plan.workload() instanceof Workload.Burst) {
            throw new PlanException("k8s-manifest: a burst is one driver's");
        }
        if (parallelism < 1 || parallelism > 1000) {
            throw new PlanException("--parallelism must be between 1 and 1000, got " + parallelism);
        }
        if (plan.workload() instanceof Workload.Closed c && c.vus() < parallelism) {
            throw new PlanException("--parallelism " + parallelism + " runners need at least as many VUs, got " + c.vus());
        }
        VerifyCommand.httpUrl(url, "--url");
        String runName = name == null ? "loomlab-" + scenario : name;
        if (!runName.matches("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?")) {
            throw new PlanException("--name must be a DNS label (lower-case letters, digits and '-', at most 52), got '" + runName + "'");
        }
        Scenario s = plan.scenarios().getFirst();
        String path = s.pathWithQuery(s.param("ms").isPresent() ? Map.of("ms", plan.sleepMs()) : Map.of());
        var spec = Measure.loadSpec(plan, url.replaceAll("/+$", "") + path, s, Path.of("."), runName, Path.of(runName + ".log"));
        if (!spec.method().equals("GET")) {
            throw new PlanException("k8s-manifest: k6 is driven with GET only in loomlab; " + s + " is " + spec.method());
        }
        String yaml = K6OperatorManifest.of(runName, spec, parallelism);
        if (out == null) {
            System.out.print(yaml);
        } else {
            AtomicWrite.write(out, yaml);
            System.out.println("loomlab: k6-operator TestRun '" + runName + "' (" + parallelism + " runners) written to " + out);
        }
        return 0;
    }
}
