package dev.loomlab.lab.run;

import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.cell.Bench;
import dev.loomlab.lab.cell.CellRun;
import dev.loomlab.lab.cell.FanOutDownstream;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.load.agents.AgentFleet;
import dev.loomlab.lab.load.agents.LoadAgent;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.report.ConsoleTable;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.server.JdbcDriver;
import dev.loomlab.lab.topology.Namespaces;
import dev.loomlab.scenario.Scenario;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Runs a plan's matrix: the database once, then for every cell a fresh server JVM, contract
 * verification, warm-up and a measured window, then the server stopped before the next cell.
 * Each cell's result is written as soon as it exists, so an interrupted run keeps what it measured.
 */
public final class Runner {
    // Package-private: Saturation steps the same runner through levels of VUs.
    final Plan plan;
    final RunFolder folder;
    final Session session;
    final Manifest.Builder manifestBuilder;
    final PrintStream out;
    private Optional<String> target = Optional.empty();
    /** Cells kept from an interrupted run ({@code --resume}), by their identity. */
    private Map<Cell, CellResult> kept = Map.of();
    // The fan-out scenarios' downstream server: started on the first fan-out cell, shared by the run's cells.
    private final FanOutDownstream downstream;
    /** The split topology's namespaces while a run holds them (empty: the local topology). */
    private Optional<Namespaces> namespaces = Optional.empty();
    /** The run's load agents while it holds them (empty: the engine runs on this machine). */
    private Optional<AgentFleet> agents = Optional.empty();
    /** The engine the cells use: the session's, the driver in its namespace, or the agents together. */
    private LoadEngine cellEngine;

    /** @param session the verb's JDK, CPU layout, engine (the plan's) and server JDKs */
    public Runner(Plan plan, RunFolder folder, Session session, Manifest.Builder manifestBuilder, PrintStream out) {
        this.plan = plan;
        this.folder = folder;
        this.session = session;
        this.manifestBuilder = manifestBuilder;
        this.out = out;
        this.downstream = new FanOutDownstream(session.jdk(), session.cpus(), folder);
    }

    /**
     * Measures an already-running server instead of starting one per cell (the user's own
     * service, or a {@code loomlab serve} started by hand): no database is started, the models
     * of the plan are replaced by the one target, and nothing inside the server is sampled.
     */
    public Runner target(String url) {
        this.target = Optional.of(url);
        return this;
    }

    /**
     * Continues an interrupted run in its own folder: the cells it measured are kept as they are
     * and not run again; failed or missing cells are run.
     */
    public Runner resume(List<CellResult> done) {
        Map<Cell, CellResult> byKey = new LinkedHashMap<>();
        for (CellResult c : done) {
            if (c.succeeded()) {
                byKey.put(c.cell(), c);
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
        holdNamespacesAndAgents();
        folder.create();
        RunRecord record = new RunRecord(folder);
        // Ctrl-C or a crash: keep what was measured, mark the run interrupted, render what there is.
        Thread keepPartial = new Thread(() -> {
            this.interrupted = true;
            record.interrupt();
        }, "loomlab-keep-partial-run");
        Runtime.getRuntime().addShutdownHook(keepPartial);
        announce();
        try (Namespaces held = namespaces.orElse(null);
             AgentFleet heldAgents = agents.orElse(null);
             RunningDatabase db = target.isPresent() ? TargetDatabase.INSTANCE : DatabaseStarter.start(plan, session.cpus(), namespaces.orElse(null))) {
            out.println("loomlab: database " + db.description() + (db.endpoint() == null ? "" : " at " + db.endpoint().describe()));
            CellRun cells = cellRun(plan, db);
            List<Planned> matrix = matrix();
            record.begin(manifestBuilder.database(db.description()).topology(bench(db).topology(plan, List.of())).build());
            if (!runCells(cells, matrix, record)) {
                return record.results();
            }
            record.complete();
        } catch (RuntimeException e) {
            record.fail(e);
            throw e;
        } finally {
            release(keepPartial);
        }
        out.println();
        out.print(ConsoleTable.render(record.results()));
        out.println();
        out.println("loomlab: summary in " + folder.root().resolve(RunFolder.SUMMARY) + ", charts in " + folder.root().resolve(ReportFiles.HTML));
        return record.results();
    }

    /** The split topology's namespaces and the load agents, when the plan asks for them. */
    private void holdNamespacesAndAgents() {
        // First: a machine that cannot make the namespaces refuses the run before it writes anything (exit 2).
        if (plan.topology().split() && target.isEmpty()) {
            namespaces = Optional.of(Namespaces.create(plan.topology(), Math.max(1, LoadAgent.namespaces(plan.agents())), session.cpus()));
            cellEngine = null;
        }
        if (!plan.agents().isEmpty()) {
            try {
                agents = Optional.of(AgentFleet.start(plan.agents(), namespaces, session.cpus()));
            } catch (RuntimeException e) {
                namespaces.ifPresent(Namespaces::close);
                throw e;
            }
            cellEngine = null;
        }
    }

    /** What the run is about to do, before its database starts. */
    private void announce() {
        out.println("loomlab: plan " + plan.name() + " — " + plan.cellCount() + " cells; " + session.cpus().describe());
        out.println("loomlab: results in " + folder.root());
        if (target.isEmpty()) {
            out.println("loomlab: starting the " + (plan.externalDatabase() ? "external " : "embedded ") + plan.database() + " database");
        } else {
            out.println("loomlab: measuring the running server at " + target.get() + " (no server or database started)");
        }
        namespaces.ifPresent(ns -> out.println(
                "loomlab: split topology: drivers, server and database in network namespaces of their own on " + ns.summary()));
    }

    /** Runs the matrix's cells in order; false when the run was cut short (Ctrl-C) before its last cell. */
    private boolean runCells(CellRun cells, List<Planned> matrix, RunRecord record) {
        Progress progress = new Progress(out, plan.cellCount(),
                plan.window().total().plusSeconds(10));
        int index = 0;
        // Each cell alone, one after another: its server started, measured, stopped and judged before the next begins.
        for (Planned planned : matrix) {
            index++;
            Cell cell = planned.cell();
            String label = cell.label(plan.jdkAxis());
            String key = label + "/" + cell.stem();
            String name = label + " / " + cell.scenario() + " / round " + cell.round();
            CellResult previous = kept.get(cell);
            if (previous != null) {
                record.addKept(key, previous);
                out.println("loomlab: [" + index + "/" + plan.cellCount() + "] " + name + ": kept from the interrupted run");
                continue;
            }
            progress.cellStarts(index, name);
            if (!endCell(cells.start(cell, planned.serverJdk(), progress), key, progress, record)) {
                return false;
            }
        }
        if (!progress.overhead().empty()) {
            out.println("loomlab: " + progress.overhead().describe());
        }
        return true;
    }

    /** Waits for a started cell's end and records it; false when the run was cut short meanwhile (not recorded). */
    private boolean endCell(CellRun.Ending ending, String key, Progress progress, RunRecord record) {
        String cellName = progress.current();
        // set before the check below, so that a Ctrl-C after it waits for this cell's record
        CompletableFuture<Void> ended = record.cellEnding();
        try {
            if (record.interrupted()) {
                // cut short: not written, but its server is stopped as any cell's is
                ending.finish();
                return false;
            }
            CellResult result = ending.finish();
            record.addMeasured(key, result);
            progress.cellDone(cellName, result.succeeded()
                    ? String.format(Locale.ROOT, "%.1f TPS, limited by %s", result.tps(), result.limitedBy())
                    : ("skipped".equals(result.status()) ? "skipped: " : "FAILED: ") + result.failure(), result.stages());
        } finally {
            ended.complete(null);
        }
        return true;
    }

    /** Lets go of what the run held, the shutdown hook included unless it is already writing the partial run. */
    private void release(Thread keepPartial) {
        downstream.close();
        namespaces = Optional.empty();
        agents = Optional.empty();
        cellEngine = null;
        try {
            Runtime.getRuntime().removeShutdownHook(keepPartial);
        } catch (IllegalStateException shuttingDown) {
            // The hook is already running: it writes the partial run.
        }
    }

    /** A cell of the matrix and the JDK its server runs on. */
    private record Planned(Cell cell, Jdk serverJdk) {
    }

    /**
     * The plan's cells in the order they run: round by round, each scenario on every model (or the
     * one target) in the plan's order (shuffled by default), each model on every JDK of the plan's axis and every
     * JDBC driver of its driver axis.
     */
    private List<Planned> matrix() {
        List<Planned> cells = new ArrayList<>();
        for (int round = 1; round <= plan.rounds(); round++) {
            for (int s = 0; s < plan.scenarios().size(); s++) {
                Scenario scenario = plan.scenarios().get(s);
                if (target.isPresent()) {
                    cells.add(new Planned(Cell.target(scenario, round), session.jdk()));
                    continue;
                }
                for (Model model : plan.order().arrange(plan.models(), round, s)) {
                    for (Integer feature : plan.jdksFor(model)) {
                        Jdk serverJdk = serverJdk(model, feature);
                        for (String driver : plan.jdbcDriversFor(model)) {
                            cells.add(new Planned(Cell.of(model, serverJdk.feature(), driver == null ? null : JdbcDriver.byId(driver),
                                    scenario, round), serverJdk));
                        }
                    }
                }
            }
        }
        return cells;
    }

    /** What the run's cells share while {@code db} runs. */
    private Bench bench(RunningDatabase db) {
        return new Bench(folder, session.cpus(), db, target, downstream, namespaces);
    }

    /** The stages every cell of {@code cellPlan} goes through, on this run's bench (a saturation level: another plan). */
    CellRun cellRun(Plan cellPlan, RunningDatabase db) {
        return new CellRun(cellPlan, bench(db), session.engine(), cellEngine());
    }

    /** The cells' engine: the plan's, the hyperfoil driver in its namespace, or k6 on the run's agents. */
    private LoadEngine cellEngine() {
        if (cellEngine != null) {
            return cellEngine;
        }
        if (agents.isPresent()) {
            cellEngine = agents.get().engine();
        } else if (namespaces.isPresent()) {
            Namespaces ns = namespaces.get();
            cellEngine = new HyperfoilEngine(session.jdk(), session.cpus(), ns.exec(ns.driverNamespace(1), List.of()));
        } else {
            cellEngine = session.engine();
        }
        return cellEngine;
    }

    /** A cell's model label in {@code plan} (a seed claim names cells by it): the JDK only on a JDK axis. */
    public static String label(Plan plan, Model model, int jdkFeature, String driver) {
        return Cell.of(model, jdkFeature, driver == null ? null : JdbcDriver.byId(driver), plan.scenarios().getFirst(), 1)
                .label(plan.jdkAxis());
    }

    /** The JDK {@code model}'s server runs on: the plan's {@code feature}, or the model's default (a target: the lab's). */
    Jdk serverJdk(Model model, Integer feature) {
        return model == null ? session.jdk() : session.serverJdks().forModel(model, feature);
    }
}
