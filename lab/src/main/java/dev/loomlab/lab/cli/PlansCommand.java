package dev.loomlab.lab.cli;

import dev.loomlab.load.Durations;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "plans", mixinStandardHelpOptions = true, description = "List the preset plans, or print one with --show.")
public final class PlansCommand implements Callable<Integer> {
    @Option(names = "--show", paramLabel = "NAME", description = "print a preset's commented YAML")
    String show;

    @Override
    public Integer call() {
        if (show != null) {
            System.out.print(PlanLoader.presetText(show));
            return 0;
        }
        for (String name : PlanLoader.presets()) {
            Plan p = PlanLoader.load(name, Map.of());
            System.out.printf("%-10s %s%n           %d cells: %s x %s x %d round(s), %s, warm-up %s, window %s, %s%n",
                    name, p.description(), p.cellCount(), p.models(), p.scenarios(), p.rounds(), p.workload().describe(),
                    Durations.format(p.window().warmup()), Durations.format(p.window().measure()), p.database());
        }
        return 0;
    }
}
