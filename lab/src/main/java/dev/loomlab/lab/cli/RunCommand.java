package dev.loomlab.lab.cli;

import dev.loomlab.lab.catalog.AppVersion;
import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.jdk.ServerJdks;
import dev.loomlab.lab.load.Engines;
import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.os.Calibration;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.plan.PlanParts;
import dev.loomlab.lab.report.SeedComparison;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.Provenance;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.Runner;
import dev.loomlab.lab.run.Session;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a plan's matrix (models x scenarios x rounds) and write a run folder with summary.md.")
public final class RunCommand implements Callable<Integer> {
    static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    @Mixin
    PlanOptions options;

    @Option(names = "--out", paramLabel = "DIR", description = "where run folders go; default " + Defaults.RESULTS_DIR)
    Path out = Path.of(Defaults.RESULTS_DIR);

    @Option(names = "--target", paramLabel = "URL", description = "measure this already-running server (your service, or a 'loomlab serve') instead of starting one per cell")
    String target;

    @Option(names = "--allow-remote-target", description = "allow a --target outside 127.0.0.0/8")
    boolean allowRemoteTarget;

    @Option(names = "--resume", paramLabel = "RUN_FOLDER", description = "continue an interrupted run in its folder: the same plan (from its manifest), finished cells kept, the rest run")
    Path resume;

    @Option(names = "--force", description = "with --resume: resume a run folder another loomlab build wrote (its cells would mix two builds; the manifest records both)")
    boolean force;

    @Option(names = "--label", paramLabel = "TEXT", description = "what this run measured, in your words (a version, a change): "
            + "kept in the manifest; 'loomlab history' names the run by it")
    String label;

    @Override
    public Integer call() {
        Optional<String> given = RunLabel.parse(label);
        if (resume != null) {
            if (given.isPresent()) {
                throw new PlanException("--label goes with a new run: a resumed run keeps the label it was started with");
            }
            return Resume.run(resume, options, target, allowRemoteTarget, force);
        }
        if (force) {
            throw new PlanException("--force goes with --resume only (it lets another build resume a run folder)");
        }
        List<PlanParts.Part> parts = PlanLoader.parts(options.plan, options.overrides());
        if (parts.size() > 1) {
            return runParts(parts);
        }
        Plan plan = parts.getFirst().plan();
        if (target != null && plan.topology().split()) {
            throw new PlanException("--target measures a server already running: it cannot be moved into the split topology's namespaces (use --topology local)");
        }
        if (target != null) {
            VerifyCommand.checkTarget(target, allowRemoteTarget);
        }
        if (!plan.requests().isEmpty() && target == null && plan.app().isEmpty()) {
            throw new PlanException("requests go to a service of yours: give --target URL (a running one) or --app JAR (the lab runs it)");
        }
        if (target != null && plan.app().isPresent()) {
            throw new PlanException("--target measures a running service and --app runs your jar: give one of them");
        }
        Session session = target != null ? Session.forTarget(plan, out) : Session.forServers(plan, out);
        Jdk jdk = session.jdk();
        CpuLayout cpus = session.cpus();
        Instant started = Instant.now();
        String runId = STAMP.format(started) + "-" + plan.name();
        RunFolder folder = new RunFolder(out.resolve(runId));
        Manifest.Builder manifest = manifest(runId, plan, jdk, cpus, given);
        if (target == null) {
            manifest.jdks(jdks(plan, jdk, session.serverJdks()));
        }
        Runner runner = new Runner(plan, folder, session, manifest, System.out);
        try (RunFolder.Lock lock = folder.lock()) {
            List<CellResult> cells = (target == null ? runner : runner.target(target)).run();
            return Loomlab.exit(plan, cells, folder.root());
        }
    }

    /** A plan of parts: each part a sub-run in a folder of its own, then the seed's claims beside this run's. */
    private Integer runParts(List<PlanParts.Part> parts) {
        if (target != null) {
            throw new PlanException("a plan of parts cannot measure a --target: run one part's settings with --plan and flags instead");
        }
        // Every part is checked, and its JDKs found, before the first part starts: a missing one stops here (exit 2).
        Session session = Session.forServers(parts.stream().map(PlanParts.Part::plan).toList(), out);
        Jdk jdk = session.jdk();
        CpuLayout cpus = session.cpus();
        String planName = parts.getFirst().plan().name().substring(0, parts.getFirst().plan().name().length() - parts.getFirst().name().length() - 1);
        String runId = STAMP.format(Instant.now()) + "-" + planName;
        Path root = out.resolve(runId);
        Map<String, List<CellResult>> cellsByPart = new LinkedHashMap<>();
        boolean allOk = true;
        for (PlanParts.Part part : parts) {
            System.out.println("loomlab: part " + part.name() + " of " + planName + " (" + parts.size() + " parts)");
            RunFolder folder = new RunFolder(root.resolve(part.name()));
            Runner runner = new Runner(part.plan(), folder, session.forPlan(part.plan()),
                    manifest(runId + "/" + part.name(), part.plan(), jdk, cpus).jdks(jdks(part.plan(), jdk, session.serverJdks())),
                    System.out);
            List<CellResult> cells;
            try (RunFolder.Lock lock = folder.lock()) {
                cells = runner.run();
            }
            cellsByPart.put(part.name(), cells);
            allOk &= cells.stream().allMatch(CellResult::succeeded);
            if (runner.interrupted()) {
                // The part kept its partial report; the next parts must not start while the JVM exits.
                return Loomlab.FAILED;
            }
        }
        String summary = SeedComparison.render(planName, PlanLoader.presetDescription(options.plan), parts, cellsByPart);
        AtomicWrite.write(root.resolve(RunFolder.SUMMARY), summary);
        System.out.println();
        System.out.print(summary);
        System.out.println("loomlab: combined summary in " + root.resolve(RunFolder.SUMMARY));
        return allOk ? 0 : Loomlab.FAILED;
    }

    static Manifest.Builder manifest(String runId, Plan plan, Jdk jdk, CpuLayout cpus) {
        return manifest(runId, plan, jdk, cpus, Optional.empty());
    }

    /** The run's manifest so far, with the user's label of what it measured when one was given. */
    static Manifest.Builder manifest(String runId, Plan plan, Jdk jdk, CpuLayout cpus, Optional<String> label) {
        return new Manifest.Builder()
                .runId(runId)
                .startedAt(Instant.now().toString())
                .command(ProcessHandle.current().info().arguments().map(List::of).orElse(List.<String>of()))
                .plan(PlanDocument.of(plan).masked())
                .machine(calibrated(Provenance.machine(), cpus))
                .jdks(Map.of("lab", jdk.describe(), "servers", jdk.describe(), "driver", jdk.describe()))
                .versions(versions(plan, label))
                .cpus(cpus.asMap())
                .engine(plan.engine())
                .gitCommit(Provenance.gitCommit(LabHome.root()));
    }

    /** The lab's and the driver's JDK, then each server's exact JDK by cell label (e.g. "server mvc-virtual-jdk21"). */
    static Map<String, String> jdks(Plan plan, Jdk jdk, ServerJdks serverJdks) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("lab", jdk.describe());
        m.put("driver", jdk.describe());
        for (var model : plan.models()) {
            for (Integer feature : plan.jdksFor(model)) {
                Jdk server = serverJdks.forModel(model, feature);
                m.put("server " + model.id() + (plan.jdkAxis() ? "-jdk" + server.feature() : ""), server.describe());
            }
        }
        return m;
    }

    private static Map<String, String> versions(Plan plan, Optional<String> label) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("loomlab", Manifest.LOOMLAB_VERSION);
        label.ifPresent(l -> v.put(Manifest.VERSION_LABEL, l));
        // the user's service as its jar names itself, so that a series of runs says which version each measured
        plan.app().flatMap(app -> AppVersion.of(app.jar())).ifPresent(a -> v.put(Manifest.VERSION_APP, a));
        for (var model : plan.models()) {
            // a --target run starts no server of the lab's: its jars need not be built
            if (Files.isRegularFile(LabHome.root().resolve(model.jar()))) {
                v.putIfAbsent("spring-boot (" + model.server() + ")",
                        LabHome.jarAttribute(LabHome.serverJar(model), "Spring-Boot-Version"));
            }
        }
        if (plan.engine().equals("hyperfoil")) {
            v.put("hyperfoil", LabHome.jarAttribute(LabHome.driverJar(), "Hyperfoil-Version"));
        } else {
            v.put(plan.engine(), Engines.version(plan.engine()).orElse("unknown"));
        }
        return v;
    }

    /** The machine, with its CPUs timed on a fixed reference before the first cell (see {@link Calibration}). */
    private static Map<String, String> calibrated(Map<String, String> machine, CpuLayout cpus) {
        Map<String, String> m = new LinkedHashMap<>(machine);
        Calibration.recent(cpus).ifPresent(c -> m.putAll(c.entries()));
        return m;
    }
}
