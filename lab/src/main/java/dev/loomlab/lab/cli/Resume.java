package dev.loomlab.lab.cli;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.plan.RecordedSecrets;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.Provenance;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.Runner;
import dev.loomlab.lab.run.Session;
import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code loomlab run --resume <folder>}: the plan comes from the folder's manifest — not from
 * flags — so the resumed cells are measured exactly as the kept ones were, and by the same build
 * unless {@code --force} says otherwise.
 */
final class Resume {
    private Resume() {
    }

    static int run(Path dir, PlanOptions options, String target, boolean allowRemoteTarget, boolean force) {
        Path manifestFile = dir.resolve(RunFolder.MANIFEST);
        if (!Files.isRegularFile(manifestFile)) {
            throw new PlanException("--resume " + dir + ": not a run folder (no " + RunFolder.MANIFEST + ")");
        }
        // First: a folder another run is writing is not read, let alone resumed.
        try (RunFolder.Lock lock = new RunFolder(dir).lock()) {
            return resume(dir, manifestFile, options, target, allowRemoteTarget, force);
        }
    }

    private static int resume(Path dir, Path manifestFile, PlanOptions options, String target, boolean allowRemoteTarget, boolean force) {
        String source = "--resume " + dir;
        JsonNode recorded = read(manifestFile);
        int schema = recorded.path("schema").asInt(0);
        if (schema < 1 || schema > Manifest.SCHEMA) {
            throw new PlanException(source + ": its manifest has schema " + recorded.path("schema")
                    + ", this loomlab reads 1 to " + Manifest.SCHEMA + ": resume it with the build that started it");
        }
        RunFolder folder = new RunFolder(dir);
        Manifest previous;
        try {
            previous = folder.readManifest();
        } catch (JacksonException e) {
            throw new PlanException(source + ": cannot read its manifest: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        // The build first: a plan another build wrote may not bind here, and the build is the reason.
        List<Manifest.Build> builds = builds(source, previous,
                new Manifest.Build(Manifest.LOOMLAB_VERSION, Provenance.gitCommit(LabHome.root())), force);
        // A plan file given again is read only for what the manifest masked; every other field comes from the manifest.
        PlanDocument flags = options.document();
        PlanDocument given = options.planGiven() ? PlanLoader.document(options.plan).overriddenBy(flags) : flags;
        Plan plan = plan(source, recorded, given);
        if (target != null) {
            VerifyCommand.checkTarget(target, allowRemoteTarget);
        }
        // The servers run on the JDKs the original run gave them (the plan's axis or each model's default).
        Session session = target != null ? Session.forTarget(plan, dir) : Session.forServers(plan, dir);
        List<CellResult> done = folder.readCells();
        // the label the run was started with stays its label
        Optional<String> label = Optional.ofNullable(previous.versions()).map(v -> v.get(Manifest.VERSION_LABEL));
        Manifest.Builder manifest = RunCommand.manifest(previous.runId(), plan, session.jdk(), session.cpus(), label)
                .startedAt(previous.startedAt()).builds(builds);
        System.out.println("loomlab: resuming " + dir + " (" + previous.status() + "): "
                + done.stream().filter(CellResult::succeeded).count() + " of " + plan.cellCount() + " cells kept");
        Runner runner = new Runner(plan, folder, session, manifest, System.out).resume(done);
        List<CellResult> cells = (target == null ? runner : runner.target(target)).run();
        return Loomlab.exit(plan, cells, folder.root());
    }

    private static JsonNode read(Path manifestFile) {
        try {
            return Manifest.upgrade(PlanBinding.jsonTree(manifestFile.toString(), Files.readString(manifestFile)));
        } catch (IOException e) {
            throw new PlanException("cannot read " + manifestFile + ": " + e.getMessage());
        }
    }

    /**
     * The plan as the manifest recorded it, bound as a plan file is; only what the manifest
     * never holds — the database user and password, a URL whose password was masked, and the
     * secrets of the user's requests and jar ({@link RecordedSecrets}) — comes from the command
     * line and the plan file given with it.
     */
    static Plan plan(String source, JsonNode manifest, PlanDocument flags) {
        JsonNode recorded = manifest.get("plan");
        if (recorded == null || !recorded.isObject() || recorded.get("name") == null) {
            throw new PlanException(source + ": the manifest records no plan");
        }
        PlanDocument document = PlanBinding.bind(source + " manifest", recorded);
        String dbUrl = document.dbUrl();
        if (dbUrl != null && dbUrl.contains("****")) {
            if (flags.dbUrl() == null) {
                throw new PlanException(source + ": the run's dbUrl was recorded masked: give it again with --db-url");
            }
            dbUrl = flags.dbUrl();
        }
        return PlanLoader.resolve(RecordedSecrets.restore(source, document, flags)
                .with("dbUrl", dbUrl).with("dbUser", flags.dbUser()).with("dbPassword", flags.dbPassword()));
    }

    /**
     * The builds the resumed manifest records: null when this build wrote the run (the usual case);
     * refused when another did, unless forced — then the run's builds so far and this one.
     */
    static List<Manifest.Build> builds(String source, Manifest previous, Manifest.Build current, boolean force) {
        Manifest.Build before = previous.build();
        if (Objects.equals(before, current) && previous.builds() == null) {
            return null;
        }
        if (!force && !Objects.equals(before, current)) {
            throw new PlanException(source + ": the run was written by loomlab " + before.loomlab() + " at " + before.gitCommit()
                    + ", this is " + current.loomlab() + " at " + current.gitCommit()
                    + ": resume it with that build, or give --force to mix two builds' cells (the manifest records both)");
        }
        List<Manifest.Build> builds = new ArrayList<>(previous.builds() == null ? List.of(before) : previous.builds());
        if (!builds.getLast().equals(current)) {
            builds.add(current);
        }
        return builds;
    }
}
