package dev.loomlab.lab.cli;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.Objective;
import dev.loomlab.lab.run.Runner;
import dev.loomlab.lab.run.Saturation;
import dev.loomlab.lab.run.Session;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A saturation search as saturate and decide start it: one scenario (or a service's request mix), the closed model,
 * the local topology, a run folder of its own.
 */
final class SearchRun {
    private SearchRun() {
    }

    /** The plan {@code verb} searches: the flags over the plan, {@code block} and one round unless given. */
    static Plan plan(PlanOptions options, String verb) {
        Map<String, Object> overrides = options.overrides();
        if (overrides.containsKey("rate") || overrides.containsKey("burst")) {
            throw new PlanException(verb + " raises VUs (the closed model): drop --rate / --burst");
        }
        // A plan of requests (a service of the user's, --app) measures its own mix: a scenario of the contract would be refused.
        if (!overrides.containsKey("scenarios") && !hasRequests(options.plan)) {
            overrides.put("scenarios", "block");
        }
        overrides.putIfAbsent("rounds", "1");
        Plan plan = PlanLoader.load(options.plan, overrides);
        if (plan.topology().split()) {
            throw new PlanException(verb + " runs in the local topology only: drop --topology split (run --topology split at each level instead)");
        }
        if (plan.scenarios().size() != 1) {
            throw new PlanException(verb + " searches one scenario at a time: give --scenarios with one id");
        }
        if (!plan.requests().isEmpty() && plan.app().isEmpty()) {
            throw new PlanException("requests go to a service of yours: " + verb + " starts it at each level from --app JAR");
        }
        return plan;
    }

    private static boolean hasRequests(String planName) {
        PlanDocument document = PlanLoader.document(planName);
        return document.requests() != null && !document.requests().isEmpty();
    }

    /**
     * Runs the search of {@code plan} through {@code levels} against {@code objective} into a new run folder under
     * {@code out}, then {@code then} with the folder and the results while the folder is still held.
     */
    static void run(String verb, Plan plan, List<Integer> levels, Path out, Objective objective,
                    BiConsumer<RunFolder, List<Saturation.ModelResult>> then) {
        // Checked at the highest level: the most connections the search will open.
        Session session = Session.forServers(plan.withVus(levels.getLast()), out);
        String runId = RunCommand.STAMP.format(Instant.now()) + "-" + verb + "-" + plan.scenarios().getFirst();
        RunFolder folder = new RunFolder(out.resolve(runId));
        System.out.println("loomlab: " + verb + ": saturation search on " + plan.scenarios().getFirst() + " at " + levels + " VUs against "
                + objective.describe() + "; " + session.cpus().describe());
        try (RunFolder.Lock lock = folder.lock()) {
            List<Saturation.ModelResult> results = new Saturation(new Runner(plan, folder, session,
                    RunCommand.manifest(runId, plan, session.jdk(), session.cpus()).jdks(RunCommand.jdks(plan, session.jdk(), session.serverJdks())),
                    System.out)).search(levels, objective);
            then.accept(folder, results);
        }
        System.out.println("loomlab: results in " + folder.root());
    }
}
