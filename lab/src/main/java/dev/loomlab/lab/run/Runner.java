package dev.loomlab.lab.run;

import dev.loomlab.load.Workload;
import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.cell.Cell;
import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.ceiling.PinnedCeiling;
import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.jdk.ServerJdks;
import dev.loomlab.lab.load.DistributedLoad;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.load.LoadException;
import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.findings.Findings;
import dev.loomlab.lab.load.LoadSpec;
import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.metrics.Sampler;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.metrics.SeriesSummary;
import dev.loomlab.lab.plan.Defaults;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.process.JdbcDriver;
import dev.loomlab.lab.process.CpuLayout;
import dev.loomlab.lab.process.Namespaces;
import dev.loomlab.lab.process.ServerHandle;
import dev.loomlab.lab.process.ServerProcess;
import dev.loomlab.lab.process.ServerSpec;
import dev.loomlab.lab.process.ServerStartException;
import dev.loomlab.lab.report.ConsoleTable;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.verify.Check;
import dev.loomlab.scenario.verify.ContractVerifier;
import dev.loomlab.scenario.verify.Verification;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a plan's matrix: the database once, then for every cell a fresh server JVM, contract
 * verification, warm-up and a measured window, then the server stopped before the next cell.
 * Each cell's result is written as soon as it exists, so an interrupted run keeps what it measured.
 */
public final class Runner {
    // Package-private: Saturation steps the same runner through levels of VUs.
    final Plan plan;
    final RunFolder folder;
    final Jdk jdk;
    final CpuLayout cpus;
    final LoadEngine engine;
    final Manifest.Builder manifestBuilder;
    final PrintStream out;
    private String target;
    private ServerJdks serverJdks;
    /** Cells kept from an interrupted run ({@code --resume}), by "model/scenario-rN". */
    private Map<String, CellResult> kept = Map.of();
    // Seed 003's downstream server: started on the first fan-out cell, shared by the run's cells.
    private final FanOutDownstream downstream;
    /** The split topology's namespaces while a run holds them (null: the local topology). */
    private Namespaces namespaces;
    /** The engine the cells use: {@link #engine}, or one driver per namespace / --drivers N together. */
    private LoadEngine cellEngine;

    public Runner(Plan plan, RunFolder folder, Jdk jdk, CpuLayout cpus, LoadEngine engine,
                  Manifest.Builder manifestBuilder, PrintStream out) {
        this(plan, folder, jdk, cpus, engine, manifestBuilder, out, new FanOutDownstream(jdk, cpus, folder));
    }

    private Runner(Plan plan, RunFolder folder, Jdk jdk, CpuLayout cpus, LoadEngine engine,
                   Manifest.Builder manifestBuilder, PrintStream out, FanOutDownstream downstream) {
        this.downstream = downstream;
        this.plan = plan;
        this.folder = folder;
        this.jdk = jdk;
        this.cpus = cpus;
        this.engine = engine;
        this.manifestBuilder = manifestBuilder;
        this.out = out;
    }

    /** The same runner for another plan (a saturation level). */
    Runner withPlan(Plan other) {
        return new Runner(other, folder, jdk, cpus, engine, manifestBuilder, out, downstream).serverJdks(serverJdks);
    }

    /**
     * Measures an already-running server instead of starting one per cell (the user's own
     * service, or a {@code loomlab serve} started by hand): no database is started, the models
     * of the plan are replaced by the one target, and nothing inside the server is sampled.
     */
    public Runner target(String url) {
        this.target = url;
        return this;
    }

    /**
     * Where each server's JDK comes from: the plan's {@code jdks} axis or each model's default.
     * Without it every server runs on the lab's own JDK.
     */
    public Runner serverJdks(ServerJdks jdks) {
        this.serverJdks = jdks;
        return this;
    }

    /**
     * Continues an interrupted run in its own folder: the cells it measured are kept as they are
     * and not run again; failed or missing cells are run.
     */
    public Runner resume(List<CellResult> done) {
        Map<String, CellResult> byKey = new java.util.LinkedHashMap<>();
        for (CellResult c : done) {
            if (c.succeeded()) {
                byKey.put(c.label() + "/" + CellResult.stem(c.scenario(), c.round()), c);
            }
        }
        this.kept = byKey;
        return this;
    }

    private volatile boolean interrupted;

    /** Whether the run was cut short (Ctrl-C, SIGTERM): the JVM is going down, nothing more should start. */
    public boolean interrupted() {
        return interrupted;
    }

    /** Runs every cell; returns the cells, failed ones included. */
    public List<CellResult> run() {
        // First: a machine that cannot make the namespaces refuses the run before it writes anything (exit 2).
        if (plan.topology().split() && target == null) {
            namespaces = Namespaces.create(plan.topology(), plan.drivers(), cpus);
            cellEngine = null;
        }
        folder.create();
        List<CellResult> results = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicReference<Manifest> manifest = new AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
        // Ctrl-C or a crash: keep what was measured, mark the run interrupted, render what there is.
        java.util.concurrent.atomic.AtomicBoolean interrupted = new java.util.concurrent.atomic.AtomicBoolean();
        Thread keepPartial = new Thread(() -> {
            // First: a cell cut short by Ctrl-C is not a measured (nor a failed) cell, and is not written.
            interrupted.set(true);
            this.interrupted = true;
            if (!finished.get() && manifest.get() != null) {
                writeEnd(manifest.get().withStatus("interrupted", Instant.now().toString(), List.copyOf(order)), List.copyOf(results));
            }
        }, "loomlab-keep-partial-run");
        Runtime.getRuntime().addShutdownHook(keepPartial);
        out.println("loomlab: plan " + plan.name() + " — " + plan.cellCount() + " cells; " + cpus.describe());
        out.println("loomlab: results in " + folder.root());
        if (target == null) {
            out.println("loomlab: starting the " + (plan.externalDatabase() ? "external " : "embedded ") + plan.database() + " database");
        } else {
            out.println("loomlab: measuring the running server at " + target + " (no server or database started)");
        }
        if (namespaces != null) {
            out.println("loomlab: split topology: drivers, server and database in network namespaces of their own on " + namespaces.summary());
        }
        try (Namespaces held = namespaces;
             RunningDatabase db = target != null ? TargetDatabase.INSTANCE : DatabaseStarter.start(plan, cpus, namespaces)) {
            out.println("loomlab: database " + db.description() + (db.endpoint() == null ? "" : " at " + db.endpoint().describe()));
            manifest.set(manifestBuilder.database(db.description()).topology(topologyRecord(null)).build());
            folder.writeManifest(manifest.get());
            Progress progress = new Progress(out, plan.cellCount(),
                    plan.window().total().plusSeconds(10));
            int index = 0;
            for (int round = 1; round <= plan.rounds(); round++) {
                for (Scenario scenario : plan.scenarios()) {
                    for (Model model : target != null ? java.util.Collections.<Model>singletonList(null) : plan.models()) {
                      for (Integer feature : model == null ? java.util.Collections.<Integer>singletonList(null) : plan.jdksFor(model)) {
                       for (String driver : plan.jdbcDriversFor(model)) {
                        index++;
                        String label = label(model, feature, driver);
                        CellResult previous = kept.get(label + "/" + CellResult.stem(scenario.id(), round));
                        if (previous != null) {
                            results.add(previous);
                            order.add(label + "/" + CellResult.stem(scenario.id(), round));
                            out.println("loomlab: [" + index + "/" + plan.cellCount() + "] " + label + " / " + scenario
                                    + " / round " + round + ": kept from the interrupted run");
                            continue;
                        }
                        progress.cellStarts(index, label + " / " + scenario + " / round " + round);
                        CellResult cell = runCell(model, feature, driver, scenario, round, db, progress);
                        if (cell.topology() == null) {
                            cell = cell.withTopology(topologyRecord(null));
                        }
                        if (interrupted.get()) {
                            return List.copyOf(results);
                        }
                        folder.writeCell(cell);
                        results.add(cell);
                        order.add(label + "/" + CellResult.stem(scenario.id(), round));
                        folder.writeManifest(manifest.get().withStatus("running", null, List.copyOf(order)));
                        progress.cellDone(cell.succeeded()
                                ? String.format(java.util.Locale.ROOT, "%.1f TPS, limited by %s", cell.tps(), cell.limitedBy())
                                : ("skipped".equals(cell.status()) ? "skipped: " : "FAILED: ") + cell.failure());
                       }
                      }
                    }
                }
            }
            writeEnd(manifest.get().withStatus("complete", Instant.now().toString(), List.copyOf(order)), List.copyOf(results));
            finished.set(true);
        } catch (RuntimeException e) {
            if (manifest.get() != null) {
                writeEnd(manifest.get().withStatus("failed: " + e.getMessage(), Instant.now().toString(), List.copyOf(order)),
                        List.copyOf(results));
            }
            finished.set(true);
            throw e;
        } finally {
            downstream.close();
            namespaces = null;
            cellEngine = null;
            try {
                Runtime.getRuntime().removeShutdownHook(keepPartial);
            } catch (IllegalStateException shuttingDown) {
                // The hook is already running: it writes the partial run.
            }
        }
        out.println();
        out.print(ConsoleTable.render(results));
        out.println();
        out.println("loomlab: summary in " + folder.root().resolve(RunFolder.SUMMARY) + ", charts in " + folder.root().resolve(ReportFiles.HTML));
        return List.copyOf(results);
    }

    /**
     * Where the load and the server ran, for the manifest ({@code shares} null) and for each cell
     * (with each driver's share of its load).
     */
    Map<String, Object> topologyRecord(List<Map<String, Object>> shares) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(namespaces != null ? namespaces.describe() : plan.topology().describe());
        m.put("drivers", plan.drivers());
        if (shares != null && !shares.isEmpty()) {
            m.put("driverShares", shares);
        }
        return m;
    }

    /** The cells' engine: the plan's, or one hyperfoil driver per namespace and several drivers merged. */
    LoadEngine cellEngine() {
        if (cellEngine != null) {
            return cellEngine;
        }
        if (namespaces == null && plan.drivers() == 1) {
            cellEngine = engine;
        } else {
            List<LoadEngine> drivers = new ArrayList<>();
            for (int i = 1; i <= plan.drivers(); i++) {
                drivers.add(new dev.loomlab.lab.load.HyperfoilEngine(jdk, cpus,
                        namespaces == null ? List.of() : namespaces.exec(namespaces.driverNamespace(i), List.of())));
            }
            cellEngine = drivers.size() == 1 ? drivers.getFirst() : new DistributedLoad(drivers);
        }
        return cellEngine;
    }

    private void writeEnd(Manifest manifest, List<CellResult> results) {
        folder.writeManifest(manifest);
        ReportFiles.write(folder, manifest, results);
    }

    /** The model label of cells measured with --target. */
    public static final String TARGET = "target";

    /**
     * A cell's model label: the model's id, with the JDK when the plan's JDK axis has more than
     * one value ({@code mvc-virtual-jdk21}), so that files and summary rows tell them apart.
     */
    String label(Model model, Integer feature) {
        return label(model, feature, null);
    }

    /** The label with the JDBC driver too, when the plan has a driver axis ({@code mvc-virtual-jdk21-mysql-8.1.0}). */
    String label(Model model, Integer feature, String driver) {
        if (model == null) {
            return TARGET;
        }
        return label(plan, model, plan.jdkAxis() ? (feature != null ? feature : serverJdk(model, null).feature()) : 0, driver);
    }

    /** A cell's model label in {@code plan} (a seed claim names cells by it): the JDK only on a JDK axis. */
    public static String label(Plan plan, Model model, int jdkFeature, String driver) {
        return model.id() + (plan.jdkAxis() ? "-jdk" + jdkFeature : "") + (driver == null ? "" : "-" + driver);
    }

    /** The JDK {@code model}'s server runs on in this cell. */
    Jdk serverJdk(Model model, Integer feature) {
        return model == null || serverJdks == null ? jdk : serverJdks.forModel(model, feature);
    }

    CellResult runCell(Model model, Scenario scenario, int round, RunningDatabase db, Progress progress) {
        return runCell(model, null, scenario, round, db, progress);
    }

    CellResult runCell(Model model, Integer feature, Scenario scenario, int round, RunningDatabase db, Progress progress) {
        return runCell(model, feature, null, scenario, round, db, progress);
    }

    CellResult runCell(Model model, Integer feature, String driver, Scenario scenario, int round, RunningDatabase db,
                       Progress progress) {
        Jdk cellJdk = serverJdk(model, feature);
        // A target's threads and pool are unknown: its ceiling is the load's own (VUs / S, the rate, the burst).
        java.util.OptionalInt requestThreads = model == null ? java.util.OptionalInt.empty() : model.requestThreads(plan.tomcatThreads());
        Scenario ceilingScenario = model == null ? new Scenario(scenario.id(), scenario.method(), scenario.path(),
                scenario.params(), scenario.sql(), false, scenario.responseShape(), scenario.description()) : scenario;
        String label = label(model, feature, driver);
        // The server's JDK feature release: what decides whether synchronized pins (JEP 491).
        int serverJdk = cellJdk.feature();
        Map<String, Long> args = scenario.param("ms").isPresent() ? Map.of("ms", plan.sleepMs()) : Map.of();
        String path = scenario.pathWithQuery(args);
        Duration serviceTime = scenario.serviceTime(args);
        Ceiling ceiling = switch (plan.workload()) {
            case Workload.Burst b -> Ceiling.ofBurst(requestThreads, ceilingScenario, serviceTime, b.requests(), plan.poolSize());
            case Workload.Open o -> Ceiling.ofOpen(requestThreads, ceilingScenario, serviceTime, o.ratePerSec(), plan.poolSize());
            case Workload.Closed c -> Ceiling.of(requestThreads, ceilingScenario, serviceTime, c.vus(), plan.poolSize());
        };
        ceiling = PinnedCeiling.apply(ceiling, model, scenario, serviceTime, serverJdk, cpus.serverCores());
        if (model == null && ceiling.tps() != null) {
            ceiling = new Ceiling(ceiling.tps(), ceiling.limitedBy(), ceiling.formula() + " (assuming the target limits neither threads nor connections)");
        }
        String stem = CellResult.stem(scenario.id(), round);
        String serverLog = model == null ? null : "logs/" + label + "-" + stem + ".server.log";
        Cell identity = model == null ? Cell.target(scenario, round)
                : Cell.of(model, serverJdk, driver == null ? null : JdbcDriver.byId(driver), scenario, round);
        CellFactory cells = new CellFactory(label, identity, cellJdk, path, serviceTime, ceiling,
                "cells/" + label + "/" + stem + ".hlog", serverLog);

        java.util.Optional<String> notServed = model == null ? java.util.Optional.empty() : model.notServed(scenario);
        if (notServed.isPresent()) {
            return cells.failed(model + " does not serve " + scenario + ": " + notServed.get()).withStatus("skipped",
                    model + " does not serve " + scenario + ": " + notServed.get());
        }
        String jfr = model == null ? null : "cells/" + label + "/" + stem + ".jfr";
        ServerHandle server;
        if (model == null) {
            server = ServerHandle.target(target);
        } else {
            List<String> extraArgs;
            try {
                // Every server of a plan with a fan-out scenario gets the URL: the contract check calls them all.
                extraArgs = new ArrayList<>(FanOutDownstream.needed(plan.scenarios()) ? List.of(downstream.get().serverArgument()) : List.of());
            } catch (ServerStartException e) {
                return cells.failed(e.getMessage() + tailNote(e.logTail()));
            }
            extraArgs.addAll(model.requestThreadsArgs(plan.tomcatThreads()));
            extraArgs.add("--loomlab.pool-timeout-ms=" + plan.poolTimeout().toMillis());
            if (namespaces != null) {
                // Both ports on the app namespace's address: the drivers reach the server through the bridge
                // (and the delayed link), the lab its management port from the root namespace.
                extraArgs.add("--server.address=" + namespaces.appAddress());
                extraArgs.add("--management.server.address=" + namespaces.appAddress());
            }
            ServerSpec spec = new ServerSpec(model, cellJdk, plan.heap(), plan.poolSize(), db.endpoint(), cpus, 0,
                    folder.root().resolve(serverLog), folder.root().resolve(jfr), Defaults.SERVER_START_TIMEOUT, extraArgs,
                    driver == null ? null : dev.loomlab.lab.process.JdbcDriver.byId(driver),
                    namespaces == null ? List.of() : namespaces.exec(namespaces.appNamespace(), List.of()));
            try {
                server = ServerProcess.start(spec);
            } catch (ServerStartException e) {
                return cells.failed("server did not start: " + e.getMessage() + tailNote(e.logTail()));
            }
        }
        LoadResult load;
        List<SeriesRow> rows;
        Map<String, Double> windowTotals;
        AtomicReference<Instant> windowFrom = new AtomicReference<>();
        AtomicReference<Instant> windowTo = new AtomicReference<>();
        // The fan-out check's count (model == null: a target's downstream is its own, not counted).
        FanOutDownstream.Count callCount = model == null ? FanOutDownstream.Count.NONE : downstream.count(scenario);
        AtomicReference<Map<String, Double>> pitfallMetrics = new AtomicReference<>(Map.of());
        java.util.Optional<String> writeCheck = java.util.Optional.empty();
        Map<String, Double> writeMetrics = new java.util.LinkedHashMap<>();
        try (server) {
            progress.phase((server instanceof ServerProcess started ? "server ready in " + started.startTime().toMillis() + " ms at " : "target ")
                    + server.baseUrl() + "; verifying the contract");
            Verification verification = new ContractVerifier().verify(server.baseUrl(), model == null ? List.of(scenario)
                    : plan.scenarios().stream().filter(s -> model.notServed(s).isEmpty()).toList());
            if (!verification.passed()) {
                Check first = verification.failures().getFirst();
                return cells.failed("contract check failed: " + first);
            }
            if (verification.notServed(scenario.id()).isPresent()) {
                String why = "the server does not serve " + scenario + " here: " + verification.notServed(scenario.id()).get();
                return cells.failed(why).withStatus("skipped", why);
            }
            PitfallChecks pitfalls = new PitfallChecks(scenario, server.baseUrl(), server.managementUrl());
            pitfalls.beforeLoad();
            Sampler sampler = new Sampler(server.pid(), server.managementUrl(), db.pid().orElse(-1));
            LoadProgress.Listener live = progress.loadListener(plan.window().warmup(), plan.window().measure());
            LoadProgress.Listener listener = new LoadProgress.Listener() {
                @Override
                public void onProgress(LoadProgress p) {
                    // Rows inside the measured window only: from the engine's first "measure"
                    // second to the first second after it; scraping starts with the warm-up.
                    // A burst has no warm-up: all of it is the window.
                    boolean inWindow = p.phase().equals("measure") || p.phase().equals("burst");
                    if (p.phase().equals("warmup")) {
                        sampler.start();
                    }
                    if (inWindow && windowFrom.get() == null) {
                        windowFrom.set(Instant.now());
                        sampler.openWindow();
                        pitfalls.windowOpens();
                        if (!(plan.workload() instanceof Workload.Burst)) {
                            callCount.open();
                        }
                    } else if (!inWindow && windowFrom.get() != null && windowTo.get() == null) {
                        windowTo.set(Instant.now());
                        sampler.stop();
                        callCount.close();
                        pitfallMetrics.set(pitfalls.windowCloses());
                    }
                    live.onProgress(p);
                }

                @Override
                public void engineStarted(long pid) {
                    sampler.driverPid(pid);
                }
            };
            progress.phase(plan.workload() instanceof Workload.Burst b
                    ? "burst of " + b.requests() + " requests at once on " + path
                    : "warm-up " + plan.window().warmup().toSeconds() + " s, then " + plan.window().measure().toSeconds() + " s measured, "
                    + (plan.workload() instanceof Workload.Open o ? o.ratePerSec() + " requests/s" : vus() + " VUs") + " on " + path);
            Path driverLog = folder.logs().resolve(label + "-" + stem + ".driver.log");
            LoadSpec loadSpec = new LoadSpec(server.baseUrl() + path, "GET", plan.workload(),
                    plan.workload() instanceof Workload.Burst ? dev.loomlab.load.Window.NONE : plan.window(),
                    plan.requestTimeout(), folder.cellDir(label), stem, driverLog);
            if (plan.workload() instanceof Workload.Burst) {
                callCount.open();
            }
            loadSpec = loadSpec.withMethod(scenario.method());
            try {
                load = cellEngine().run(loadSpec, listener);
            } catch (LoadException e) {
                if (!server.alive()) {
                    return cells.failed(serverExited(server));
                }
                return cells.failed("load engine failed: " + e.getMessage());
            } finally {
                rows = sampler.stop();
                windowTotals = sampler.windowTotals();
                windowTo.compareAndSet(null, Instant.now());
                callCount.close();
                if (windowFrom.get() != null && pitfallMetrics.get().isEmpty()) {
                    pitfallMetrics.set(pitfalls.windowCloses());
                }
            }
            if (!server.alive()) {
                return cells.failed(serverExited(server));
            }
            writeCheck = pitfalls.afterLoad(serviceTime, loadSpec.outDir().resolve(loadSpec.name() + ".driver.json"), writeMetrics);
        }
        // The flight recording is complete only once the server has exited.
        Map<String, Long> jfrEvents = windowFrom.get() == null || jfr == null ? Map.of()
                : JfrCounts.count(folder.root().resolve(jfr), windowFrom.get(), windowTo.get());
        String timeseries = "cells/" + label + "/" + stem + ".timeseries.csv";
        Sampler.writeCsv(folder.root().resolve(timeseries), rows);
        Map<String, Double> metrics = new java.util.LinkedHashMap<>(SeriesSummary.of(rows));
        metrics.putAll(windowTotals);
        metrics.putAll(pitfallMetrics.get());
        PitfallChecks.perRequest(metrics, load.requests());
        metrics.putAll(writeMetrics);
        Double serverCores = metrics.get("serverCpuCoresMean");
        Verdict verdict = Verdict.of(ceiling, load.tps(), load.requests(), load.errors(), serverCores, cpus.serverCores());
        if (plan.workload() instanceof Workload.Open && load.unsent() > 0) {
            // Requests the engine could not send would hide a stalled server: the cell says so first.
            verdict = new Verdict("driver", String.format(java.util.Locale.ROOT,
                    "open model: %d of the scheduled requests could not be sent (requested %.1f/s, achieved %.1f/s) — the engine, not the server, limited this cell; %s",
                    load.unsent(), rate(), load.achievedRate(), verdict.note()));
        } else if (plan.workload() instanceof Workload.Burst b) {
            verdict = new Verdict(verdict.limitedBy(), String.format(java.util.Locale.ROOT,
                    "burst of %d: the last answer came after %.2f s; %s", b.requests(),
                    load.wallTimeMs() == null ? Double.NaN : load.wallTimeMs() / 1000, verdict.note()));
        } else if (plan.workload() instanceof Workload.Open) {
            verdict = new Verdict(verdict.limitedBy(), String.format(java.util.Locale.ROOT,
                    "open model: requested %.1f/s, achieved %.1f/s, 0 unsent; %s", rate(), load.achievedRate(), verdict.note()));
        }
        if (callCount.measured()) {
            var check = callCount.check(load, plan, serviceTime);
            metrics = new java.util.LinkedHashMap<>(metrics);
            metrics.putAll(callCount.metrics(check));
            if (check != null && check.conclusive() && !check.passed()) {
                verdict = new Verdict("wrong-calls", check.finding() + "; " + verdict.note());
            }
        }
        CellResult cell = cells.measured(load, verdict, serverCores, timeseries, jfr, metrics, jfrEvents)
                .withTopology(topologyRecord(cellEngine() instanceof DistributedLoad d ? d.lastShares() : null));
        cell = cell.withFindings(Findings.evaluate(cell, rows, cpus.serverCores()));
        return writeCheck.map(cell::failedBecause).orElse(cell);
    }

    /** No database of the lab's in target mode: the target has its own. */
    private enum TargetDatabase implements RunningDatabase {
        INSTANCE;

        @Override
        public dev.loomlab.database.DatabaseEndpoint endpoint() {
            return null;
        }

        @Override
        public String description() {
            return "none started (target mode: the target's own)";
        }

        @Override
        public java.util.OptionalLong pid() {
            return java.util.OptionalLong.empty();
        }

        @Override
        public void close() {
        }
    }

    private Integer vus() {
        return plan.workload() instanceof Workload.Closed c ? c.vus() : null;
    }

    private Double rate() {
        return plan.workload() instanceof Workload.Open o ? o.ratePerSec() : null;
    }

    private Integer burst() {
        return plan.workload() instanceof Workload.Burst b ? b.requests() : null;
    }

    /** Why a server that died mid-cell failed its cell: how it ended, and the last lines it logged. */
    private static String serverExited(ServerHandle server) {
        String tail = server.logTail(5);
        return "the server exited during the cell" + (server instanceof ServerProcess p ? " (" + p.exitNote() + ")" : "")
                + (tail.isBlank() ? "" : " — log tail: " + String.join(" | ", tail.lines().map(String::strip).toList()));
    }

    private static String tailNote(String tail) {
        return tail == null || tail.isBlank() ? "" : " — log: " + tail.lines().reduce((a, b) -> b).orElse("");
    }

    /** Builds the cell record for one cell, measured or failed, with what every cell carries. */
    private final class CellFactory {
        private final String label;
        private final Cell cell;
        private final Jdk serverJdk;
        private final String path;
        private final Duration serviceTime;
        private final Ceiling ceiling;
        private final String hlog;
        private final String serverLog;

        CellFactory(String label, Cell cell, Jdk serverJdk, String path, Duration serviceTime, Ceiling ceiling,
                    String hlog, String serverLog) {
            this.label = label;
            this.cell = cell;
            this.serverJdk = serverJdk;
            this.path = path;
            this.serviceTime = serviceTime;
            this.ceiling = ceiling;
            this.hlog = hlog;
            this.serverLog = serverLog;
        }

        CellResult failed(String reason) {
            return new CellResult(CellResult.SCHEMA, "failed", reason, label, cell, engine.id(), path,
                    serviceTime.toMillis(), vus(), rate(), null, null, burst(), null, plan.window().warmup().toMillis() / 1000.0,
                    0, 0, 0, 0, 0, 0, 0, 0,
                    Map.of(), ceiling.tps(), null, ceiling.formula(), "failed", reason, null, null, cpus.asMap(),
                    serverJdk.describe(), null, serverLog, null, null, Map.of(), Map.of(), List.of(), null);
        }

        CellResult measured(LoadResult load, Verdict verdict, Double serverCores, String timeseries, String jfr,
                            Map<String, Double> metrics, Map<String, Long> jfrEvents) {
            return new CellResult(CellResult.SCHEMA, "ok", null, label, cell, load.engine(), path,
                    serviceTime.toMillis(), vus(), rate(), load.achievedRate(), plan.workload() instanceof Workload.Open ? load.unsent() : null,
                    burst(), load.wallTimeMs(),
                    plan.window().warmup().toMillis() / 1000.0, load.durationS(),
                    load.requests(), load.ok(), load.tps(), load.p50Ms(), load.p90Ms(), load.p99Ms(), load.maxMs(),
                    load.errors(), ceiling.tps(), ceiling.ratio(load.tps()), ceiling.formula(), verdict.limitedBy(),
                    verdict.note(), serverCores, load.driverCpuS(), cpus.asMap(), serverJdk.describe(), hlog, serverLog,
                    timeseries, jfr, metrics, jfrEvents, List.of(), null);
        }
    }
}
