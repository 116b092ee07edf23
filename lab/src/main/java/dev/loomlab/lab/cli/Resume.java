package dev.loomlab.lab.cli;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanException;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.Runner;
import dev.loomlab.lab.run.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code loomlab run --resume <folder>}: the plan comes from the folder's manifest — not from
 * flags — so the resumed cells are measured exactly as the kept ones were.
 */
final class Resume {
    private Resume() {
    }

    static int run(Path dir, PlanOptions options, String target, boolean allowRemoteTarget) {
        if (!Files.isRegularFile(dir.resolve(RunFolder.MANIFEST))) {
            throw new PlanException("--resume " + dir + ": not a run folder (no " + RunFolder.MANIFEST + ")");
        }
        RunFolder folder = new RunFolder(dir);
        Manifest previous = folder.readManifest();
        Plan plan = plan(previous.plan(), options);
        if (target != null) {
            VerifyCommand.checkTarget(target, allowRemoteTarget);
        }
        // The servers run on the JDKs the original run gave them (the plan's axis or each model's default).
        Session session = target != null ? Session.forTarget(plan, dir) : Session.forServers(plan, dir);
        List<CellResult> done = folder.readCells();
        Manifest.Builder manifest = RunCommand.manifest(previous.runId(), plan, session.jdk(), session.cpus()).startedAt(previous.startedAt());
        System.out.println("loomlab: resuming " + dir + " (" + previous.status() + "): "
                + done.stream().filter(CellResult::succeeded).count() + " of " + plan.cellCount() + " cells kept");
        Runner runner = new Runner(plan, folder, session, manifest, System.out).resume(done);
        List<CellResult> cells = (target == null ? runner : runner.target(target)).run();
        return cells.stream().allMatch(CellResult::succeeded) ? 0 : Loomlab.FAILED;
    }

    /** The plan as the manifest recorded it; only the database credentials (never recorded) come from flags. */
    static Plan plan(Map<String, Object> recorded, PlanOptions options) {
        if (recorded == null || recorded.get("name") == null) {
            throw new PlanException("--resume: the manifest records no plan");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        recorded.forEach((k, v) -> {
            // The manifest also records facts that are not plan fields (e.g. tomcatMaxThreads): only plan fields come back.
            if (PlanLoader.FIELDS.contains(k) && v != null) {
                fields.put(k, v instanceof List<?> l ? String.join(",", l.stream().map(String::valueOf).toList()) : v);
            }
        });
        Object dbUrl = fields.remove("dbUrl");
        Map<String, Object> flags = options.overrides();
        if (dbUrl != null && !"embedded".equals(dbUrl)) {
            fields.put("dbUrl", dbUrl.toString().contains("****") ? flags.get("dbUrl") : dbUrl);
            if (fields.get("dbUrl") == null) {
                throw new PlanException("--resume: the run's dbUrl was recorded masked: give it again with --db-url");
            }
        }
        for (String credential : List.of("dbUser", "dbPassword")) {
            if (flags.get(credential) != null) {
                fields.put(credential, flags.get(credential));
            }
        }
        String name = String.valueOf(recorded.get("name"));
        // A preset's own fields are overridden by every recorded one; a plan file's name is only a label here.
        return PlanLoader.load(PlanLoader.PRESETS.contains(name) ? name : "quick", fields);
    }
}
