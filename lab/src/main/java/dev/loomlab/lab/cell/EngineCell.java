package dev.loomlab.lab.cell;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.EngineComparison;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.load.LoadException;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.metrics.WindowClock;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.server.ServerHandle;
import dev.loomlab.scenario.Scenario;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * One crosscheck cell on one load engine: a run's cell with the same launch and contract check (but no flight
 * recording: the crosscheck compares engines, the server is only their common target), then warm-up + window, the
 * server's and the machine's CPU over the window read at its two edges as a run's cell reads them ({@link WindowClock},
 * the sampler's edges without its once-a-second rows: nothing of the lab's beside the window), server stopped.
 */
public final class EngineCell {
    private EngineCell() {
    }

    /** {@code cell} measured by {@code engine} on a fresh server, or why it was not. */
    public static EngineComparison.Run run(Plan plan, Cell cell, Jdk serverJdk, LoadEngine engine, Bench bench, CellProgress progress) {
        RunFolder folder = bench.folder();
        String files = cell.label(false) + "-" + engine.id() + "-" + cell.stem();
        Launch.Outcome launched = Launch.server(plan, bench, cell, serverJdk, folder.logs().resolve(files + ".server.log"),
                Optional.empty());
        if (!(launched instanceof Launch.Up up)) {
            return EngineComparison.Run.failed(engine.id(), ((Stop) launched).reason());
        }
        try (ServerHandle server = up.server()) {
            Optional<Stop> refused = Verify.contract(server, cell, plan);
            if (refused.isPresent()) {
                return EngineComparison.Run.failed(engine.id(), refused.get().reason());
            }
            progress.phase("server ready at " + server.baseUrl() + "; warm-up " + plan.window().warmup().toSeconds() + " s, then "
                    + plan.window().measure().toSeconds() + " s measured by " + engine.id());
            Path outDir = folder.cellDir(cell.label(false)).resolve(engine.id());
            return measure(plan, cell, engine, server, outDir, folder.logs().resolve(files + ".driver.log"), progress);
        }
    }

    /**
     * The load at {@code server}, its CPU read at the window's edges as a run's cell reads them; no scrape (the server's
     * figures are not compared, and a scrape costs its CPU) and no database clock (the database is the rest of the
     * machine here).
     */
    private static EngineComparison.Run measure(Plan plan, Cell cell, LoadEngine engine, ServerHandle server, Path outDir,
                                                Path driverLog, CellProgress progress) {
        LoadResult load;
        WindowClock clock = new WindowClock(server.pid());
        try {
            load = engine.run(Measure.loadSpec(plan, server.baseUrl() + path(plan, cell.scenario()), cell.scenario(), outDir,
                    cell.stem(), driverLog), new EngineWindow(clock, progress.loadListener(plan.window().warmup(), plan.window().measure())));
        } catch (LoadException e) {
            return EngineComparison.Run.failed(engine.id(), "load engine failed: " + e.getMessage());
        } finally {
            clock.close();
        }
        if (!server.alive()) {
            return EngineComparison.Run.failed(engine.id(), "the server exited during the cell");
        }
        Double machineCores = clock.machineCores().isPresent() ? clock.machineCores().getAsDouble() : null;
        return EngineComparison.Run.measured(load, clock.totals().get("serverCpuCoresMean"), machineCores);
    }

    /** The scenario's path as the load requests it, the plan's sleep filled in where it takes one. */
    public static String path(Plan plan, Scenario s) {
        return s.pathWithQuery(s.param("ms").isPresent() ? Map.of("ms", plan.sleepMs()) : Map.of());
    }
}
