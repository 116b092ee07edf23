package dev.loomlab.lab.cli;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.Runner;
import dev.loomlab.lab.run.Saturation;
import dev.loomlab.lab.run.Session;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "saturate", mixinStandardHelpOptions = true,
        description = "Raise VUs level by level until errors appear or p99 passes an SLO (seed 001's method); report the last good level and the knee per model.")
public final class SaturateCommand implements Callable<Integer> {
    @Mixin
    PlanOptions options;

    @Option(names = "--from", description = "first level of VUs; default 100")
    int from = 100;

    @Option(names = "--to", description = "last level of VUs; default 3000")
    int to = 3000;

    @Option(names = "--steps", description = "number of levels; default 6")
    int steps = 6;

    @Option(names = "--slo-p99", paramLabel = "DURATION", description = "stop raising when p99 passes this; default 2s")
    String sloP99 = "2s";

    @Option(names = "--out", paramLabel = "DIR", description = "where run folders go; default results")
    Path out = Path.of("results");

    @Override
    public Integer call() {
        if (from < 1 || to < from || steps < 1 || steps > 50) {
            throw new PlanException("levels need 1 <= --from <= --to and 1 <= --steps <= 50, got from " + from + ", to " + to + ", steps " + steps);
        }
        Map<String, Object> overrides = options.overrides();
        if (overrides.containsKey("rate") || overrides.containsKey("burst")) {
            throw new PlanException("saturate raises VUs (the closed model): drop --rate / --burst");
        }
        overrides.putIfAbsent("scenarios", "block");
        overrides.putIfAbsent("rounds", "1");
        Plan plan = PlanLoader.load(options.plan, overrides);
        if (plan.topology().split()) {
            throw new PlanException("saturate runs in the local topology only: drop --topology split (run --topology split at each level instead)");
        }
        if (plan.scenarios().size() != 1) {
            throw new PlanException("saturate searches one scenario at a time: give --scenarios with one id");
        }
        Duration slo = Durations.parse("--slo-p99", sloP99);
        List<Integer> levels = Saturation.levels(from, to, steps);
        // Checked at the highest level: the most connections the search will open.
        Session session = Session.forServers(plan.withVus(to), out);
        String runId = RunCommand.STAMP.format(Instant.now()) + "-saturate-" + plan.scenarios().getFirst();
        RunFolder folder = new RunFolder(out.resolve(runId));
        System.out.println("loomlab: saturation search on " + plan.scenarios().getFirst() + " at " + levels + " VUs; " + session.cpus().describe());
        try (RunFolder.Lock lock = folder.lock()) {
            new Saturation(new Runner(plan, folder, session,
                    RunCommand.manifest(runId, plan, session.jdk(), session.cpus()).jdks(RunCommand.jdks(plan, session.jdk(), session.serverJdks())),
                    System.out)).search(levels, slo);
        }
        System.out.println("loomlab: results in " + folder.root());
        return 0;
    }
}
