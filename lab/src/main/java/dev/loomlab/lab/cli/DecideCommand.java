package dev.loomlab.lab.cli;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.Decision;
import dev.loomlab.lab.run.DecisionReport;
import dev.loomlab.lab.run.Objective;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Durations;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "decide", mixinStandardHelpOptions = true,
        description = "Each model's capacity at an objective (default p99 <= 1s and errors under 0.1 %%): the highest level of a saturation "
                + "search that meets it, with its TPS, CPU per request, RSS and heap; decide.md and decide.json in the run folder.")
public final class DecideCommand implements Callable<Integer> {
    /** A p99 objective longer than the client's longest wait could never be missed by p99; an hour is far past any. */
    static final Duration LONGEST_P99 = Duration.ofHours(1);

    @Mixin
    PlanOptions options;

    @Mixin
    SearchOptions search;

    @Option(names = "--p99", paramLabel = "DURATION", description = "the objective's longest p99, e.g. 500ms; default ${DEFAULT-VALUE}")
    String p99 = Durations.format(Defaults.OBJECTIVE_P99);

    @Option(names = "--errors", paramLabel = "SHARE", description = "the objective's error share: a level's errors must stay under it "
            + "(0.001 or 0.1%%; 0: none at all); default ${DEFAULT-VALUE}")
    String errors = String.valueOf(Defaults.OBJECTIVE_ERROR_SHARE);

    @Override
    public Integer call() {
        List<Integer> levels = search.levels();
        Objective objective = new Objective(Durations.parse("--p99", p99, Duration.ofMillis(1), LONGEST_P99), share(errors));
        Plan plan = SearchRun.plan(options, "decide");
        if (!Files.isRegularFile(search.out.resolve(RunFolder.MANIFEST))) {
            search(plan, levels, objective);
            return 0;
        }
        // --out is a run's folder: the search lands inside it, and the run's answer then says each model's capacity. The
        // run folder is held all along, so that no run or report writes it meanwhile.
        RunFolder run = new RunFolder(search.out);
        try (RunFolder.Lock lock = run.lock()) {
            search(plan, levels, objective);
            ReportFiles.write(run, run.readManifest(), run.readCells());
        }
        System.out.println("loomlab: the answer in " + run.root().resolve(RunFolder.SUMMARY) + " now says each model's capacity at the objective");
        return 0;
    }

    private void search(Plan plan, List<Integer> levels, Objective objective) {
        SearchRun.run("decide", plan, levels, search.out, objective, (folder, results) -> {
            String md = DecisionReport.write(folder, Decision.of(plan.scenarios().getFirst().id(), objective, levels, results));
            System.out.println();
            System.out.print(md);
        });
    }

    /** A share of the requests, 0.001, or a percentage, 0.1%: at least 0 and below 1. */
    static double share(String text) {
        String t = text.strip();
        boolean percent = t.endsWith("%");
        double share;
        try {
            share = Double.parseDouble(percent ? t.substring(0, t.length() - 1).strip() : t) / (percent ? 100 : 1);
        } catch (NumberFormatException e) {
            share = Double.NaN;
        }
        if (!(share >= 0 && share < 1)) {
            throw new PlanException("--errors: expected a share of the requests at least 0 and below 1, e.g. 0.001 or 0.1%, got '" + text + "'");
        }
        return share;
    }
}
