package dev.loomlab.lab.cli;

import dev.loomlab.lab.run.Objective;
import dev.loomlab.load.Durations;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "saturate", mixinStandardHelpOptions = true,
        description = "Raise VUs level by level until errors appear or p99 passes an SLO (seed 001's method); report the last good level and the knee per model.")
public final class SaturateCommand implements Callable<Integer> {
    @Mixin
    PlanOptions options;

    @Mixin
    SearchOptions search;

    @Option(names = "--slo-p99", paramLabel = "DURATION", description = "stop raising when p99 passes this; default 2s")
    String sloP99 = "2s";

    @Override
    public Integer call() {
        List<Integer> levels = search.levels();
        Objective objective = Objective.noErrors(Durations.parse("--slo-p99", sloP99, Duration.ofMillis(1), DecideCommand.LONGEST_P99));
        SearchRun.run("saturate", SearchRun.plan(options, "saturate"), levels, search.out, objective, (folder, results) -> {
        });
        return 0;
    }
}
