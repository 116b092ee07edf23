package dev.loomlab.lab.cli;

import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.catalog.ServerCatalog;
import dev.loomlab.lab.catalog.Threading;
import dev.loomlab.lab.cell.Bench;
import dev.loomlab.lab.cell.EngineCell;
import dev.loomlab.lab.cell.FanOutDownstream;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.load.EngineComparison;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.Provenance;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.run.DatabaseStarter;
import dev.loomlab.lab.run.Progress;
import dev.loomlab.lab.run.Session;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Durations;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenario;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The same cell on every available load engine — a fresh server per engine, the database once —
 * then a table of TPS, latency, errors and the engines' own CPU, each compared with Hyperfoil.
 * Exit 0 when every engine is within the bounds, 1 otherwise, 2 on bad input.
 */
@Command(name = "crosscheck", mixinStandardHelpOptions = true,
        description = "Measure one cell with every available load engine (hyperfoil, k6, wrk; a fresh server each) and compare "
                + "them with hyperfoil: TPS within ±3 %%, p50 within ±2 %%. Writes results/<time>-crosscheck/crosscheck.json.")
public final class CrosscheckCommand implements Callable<Integer> {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    @Option(names = "--model", paramLabel = "ID", description = "the model; default ${DEFAULT-VALUE}")
    String model = defaultModel();

    @Option(names = "--scenario", paramLabel = "ID", description = "the scenario; default ${DEFAULT-VALUE}")
    String scenario = Defaults.CROSSCHECK_SCENARIO;

    @Option(names = "--vus", paramLabel = "N", description = "virtual users (closed model); default ${DEFAULT-VALUE}")
    String vus = String.valueOf(Defaults.CROSSCHECK_VUS);

    @Option(names = "--warmup", paramLabel = "DURATION", description = "warm-up before the window; default ${DEFAULT-VALUE}")
    String warmup = Durations.format(Defaults.CROSSCHECK_WARMUP);

    @Option(names = "--duration", paramLabel = "DURATION", description = "measured window; default ${DEFAULT-VALUE}")
    String duration = Durations.format(Defaults.CROSSCHECK_DURATION);

    @Option(names = "--engines", split = ",", paramLabel = "ID", defaultValue = Defaults.CROSSCHECK_ENGINES,
            description = "engines to compare, comma-separated; the missing ones are skipped with a note; default ${DEFAULT-VALUE}")
    List<String> engines;

    @Option(names = "--sleep-ms", paramLabel = "MS", description = "the sleep of block, block-query and slow-query; default " + Defaults.SLEEP_MS)
    String sleepMs;

    @Option(names = "--heap", paramLabel = "SIZE", description = "server heap, fixed; default " + Defaults.HEAP)
    String heap;

    @Option(names = "--out", paramLabel = "DIR", description = "where run folders go; default " + Defaults.RESULTS_DIR)
    Path out = Path.of(Defaults.RESULTS_DIR);

    @Override
    public Integer call() {
        PrintStream console = System.out;
        Plan plan = plan();
        List<String> ids = engineIds();
        Session session = Session.forServers(plan, out);
        Jdk jdk = session.jdk();
        CpuLayout cpus = session.cpus();
        List<LoadEngine> chosen = availableEngines(ids, jdk, cpus, console);

        Model m = plan.models().getFirst();
        Scenario s = plan.scenarios().getFirst();
        Instant started = Instant.now();
        RunFolder folder = new RunFolder(out.resolve(STAMP.format(started) + "-crosscheck"));
        folder.create();
        try (RunFolder.Lock lock = folder.lock()) {
            console.println("loomlab: crosscheck of " + m + " / " + s + " at " + plan.workload().describe() + ", warm-up " + Durations.format(plan.window().warmup())
                    + ", window " + Durations.format(plan.window().measure()) + ", on " + String.join(", ", chosen.stream().map(LoadEngine::id).toList()));
            console.println("loomlab: " + cpus.describe() + "; results in " + folder.root());

            List<EngineComparison.Run> runs;
            String database;
            // The server runs on the JDK a run gives the model, so that the engines are compared on the cell a run measures.
            Jdk serverJdk = session.serverJdks().forModel(m, null);
            Cell cell = Cell.of(m, serverJdk.feature(), null, s, 1);
            try (RunningDatabase db = DatabaseStarter.start(plan, cpus);
                 FanOutDownstream downstream = new FanOutDownstream(jdk, cpus, folder)) {
                Bench bench = new Bench(folder, cpus, db, Optional.empty(), downstream, Optional.empty());
                database = db.description();
                console.println("loomlab: database " + database);
                runs = runEngines(plan, cell, serverJdk, chosen, bench, console);
            }
            EngineComparison comparison = new EngineComparison(runs);
            console.println();
            console.print(comparison.render());

            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("kind", "crosscheck");
            doc.put("startedAt", started.toString());
            doc.put("finishedAt", Instant.now().toString());
            doc.put("cell", describeCell(plan, m, s, database));
            doc.put("cpus", cpus.asMap());
            doc.put("machine", Provenance.machine());
            doc.put("jdk", jdk.describe());
            doc.put("gitCommit", Provenance.gitCommit(LabHome.root()));
            doc.putAll(comparison.json());
            AtomicWrite.write(folder.root().resolve("crosscheck.json"), RunFolder.json().writeValueAsString(doc) + "\n");
            console.println("loomlab: crosscheck written to " + folder.root().resolve("crosscheck.json"));
            return comparison.passed() ? 0 : Loomlab.FAILED;
        }
    }

    /**
     * The model the engines are compared on when none is named: the catalogue's first on virtual threads, where the
     * ceiling of {@code block} is the load's own (VUs / S), so a gap between two engines is theirs. None without a
     * catalogue (the help still shows; a run then names the missing model).
     */
    private static String defaultModel() {
        try {
            return Model.firstOn(Threading.VIRTUAL).map(Model::id).orElse("");
        } catch (ServerCatalog.CatalogException noCheckout) {
            return "";
        }
    }

    /** The plan of the one cell, from this command's options over the default plan. */
    private Plan plan() {
        Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("models", model);
        overrides.put("scenarios", scenario);
        overrides.put("vus", vus);
        overrides.put("warmup", warmup);
        overrides.put("duration", duration);
        overrides.put("rounds", "1");
        if (sleepMs != null) {
            overrides.put("sleepMs", sleepMs);
        }
        if (heap != null) {
            overrides.put("heap", heap);
        }
        return PlanLoader.load(Defaults.PLAN, overrides);
    }

    /** The engines asked for, each once; an unknown one is bad input. */
    private List<String> engineIds() {
        List<String> ids = engines.stream().map(String::trim).distinct().toList();
        for (String id : ids) {
            if (!EngineCatalog.standard().ids().contains(id)) {
                throw new PlanException("unknown engine '" + id + "' (engines: " + String.join(", ", EngineCatalog.standard().ids()) + ")");
            }
        }
        return ids;
    }

    /** The engines of {@code ids} this machine has, a note for each missing one; fewer than two is bad input. */
    private static List<LoadEngine> availableEngines(List<String> ids, Jdk jdk, CpuLayout cpus, PrintStream console) {
        List<LoadEngine> chosen = new ArrayList<>();
        for (String id : ids) {
            if (EngineCatalog.standard().available(id)) {
                chosen.add(EngineCatalog.standard().byId(id, jdk, cpus));
            } else {
                console.println("loomlab: skipping " + EngineCatalog.standard().missingMessage(id));
            }
        }
        if (chosen.size() < 2) {
            String missing = String.join("; ", ids.stream().filter(id -> !EngineCatalog.standard().available(id)).map(EngineCatalog.standard()::missingMessage).toList());
            throw new PlanException("a crosscheck needs two engines or more, " + chosen.size() + " available of "
                    + String.join(",", ids) + (missing.isEmpty() ? "" : ": " + missing));
        }
        return chosen;
    }

    /** {@code cell} on each engine in turn, a fresh server each, the console following. */
    private static List<EngineComparison.Run> runEngines(Plan plan, Cell cell, Jdk serverJdk, List<LoadEngine> chosen, Bench bench, PrintStream console) {
        Progress progress = new Progress(console, chosen.size(), plan.window().total().plusSeconds(20));
        List<EngineComparison.Run> runs = new ArrayList<>();
        int index = 0;
        for (LoadEngine engine : chosen) {
            progress.cellStarts(++index, engine.id() + ": " + cell.model().orElseThrow() + " / " + cell.scenario());
            EngineComparison.Run run = EngineCell.run(plan, cell, serverJdk, engine, bench, progress);
            runs.add(run);
            progress.cellDone(run.ok() ? String.format(Locale.ROOT, "%.1f TPS, p50 %.1f ms", run.result().tps(), run.result().latency().p50Ms())
                    : "FAILED: " + run.failure());
        }
        return runs;
    }

    /** The cell as crosscheck.json describes it. */
    private static Map<String, Object> describeCell(Plan plan, Model m, Scenario s, String database) {
        Map<String, Object> described = new LinkedHashMap<>();
        described.put("model", m.id());
        described.put("scenario", s.id());
        described.put("path", EngineCell.path(plan, s));
        described.put("vus", ((Workload.Closed) plan.workload()).vus());
        described.put("warmup", Durations.format(plan.window().warmup()));
        described.put("duration", Durations.format(plan.window().measure()));
        described.put("requestTimeout", Durations.format(plan.requestTimeout()));
        described.put("heap", plan.heap());
        described.put("poolSize", plan.poolSize());
        described.put("database", database);
        return described;
    }
}
