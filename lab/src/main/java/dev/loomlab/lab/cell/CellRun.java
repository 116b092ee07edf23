package dev.loomlab.lab.cell;

import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.cell.StageTimes.Stage;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.K6Agents;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.load.LoadException;
import dev.loomlab.lab.load.LoadTimeline;
import dev.loomlab.lab.load.PreparedLoad;
import dev.loomlab.lab.metrics.JfrAllocation;
import dev.loomlab.lab.plan.Defaults;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.process.FreePort;
import dev.loomlab.lab.process.PortWatch;
import dev.loomlab.lab.process.ServerHandle;
import dev.loomlab.lab.process.ServerProcess;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.scenario.Scenario;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The life of one cell: launch its server, verify the contract, measure the warm-up and the window,
 * judge what limited it. The server is stopped before the cell's record is built; every cell,
 * measured or stopped early, comes back as one {@link CellResult} with where its load ran and
 * how long each of its stages took.
 *
 * @param engine     the plan's engine, named by cells that fail before their load runs
 * @param cellEngine the engine that sends the load: the plan's, or its drivers together
 */
public record CellRun(Plan plan, Bench bench, LoadEngine engine, LoadEngine cellEngine) {

    /** Runs {@code cell} with its server on {@code serverJdk}. */
    public CellResult run(Cell cell, Jdk serverJdk, CellProgress progress) {
        StageClock clock = new StageClock();
        CellResult result = stages(cell, serverJdk, new TimedProgress(progress, clock), clock);
        result = result.topology() == null ? result.withTopology(bench.topology(plan, List.of())) : result;
        return result.withStages(clock.finish());
    }

    private CellResult stages(Cell cell, Jdk serverJdk, CellProgress progress, StageClock clock) {
        Scenario scenario = cell.scenario();
        String label = cell.label(plan.jdkAxis());
        Map<String, Long> args = scenario.param("ms").isPresent() ? Map.of("ms", plan.sleepMs()) : Map.of();
        String path = scenario.pathWithQuery(args);
        Duration serviceTime = scenario.serviceTime(args);
        int serverCores = bench.cpus().serverCores();
        Ceiling ceiling = Judge.ceiling(plan, cell, serviceTime, serverJdk.feature(), serverCores);
        CellFiles files = CellFiles.of(bench.folder(), cell, label);
        CellResults results = new CellResults(plan, label, cell, serverJdk, engine.id(), bench.cpus(), path, serviceTime,
                ceiling, files);

        Optional<String> notServed = cell.model().flatMap(m -> m.notServed(scenario));
        if (notServed.isPresent()) {
            return results.stopped(Stop.skipped(cell.model().orElseThrow() + " does not serve " + scenario + ": " + notServed.get()));
        }
        Measure early = new Measure(plan, bench, cellEngine, cell, files, path, serviceTime, progress);
        // The server's port chosen here lets its driver start now, alongside it, with the URL it will load.
        int port = cell.target() ? 0 : FreePort.pick().orElse(0);
        String planned = port == 0 ? "" : Launch.baseUrl(bench, port);
        Optional<PreparedLoad> ahead = port == 0 ? Optional.empty() : startAhead(early, planned);
        Measure measure = early;
        Measure.Outcome measured;
        try {
            Launch.Outcome launched;
            // The driver may connect once the port accepts, before the ready line: a server fills its pool after its web
            // server has started, and the driver's connecting then overlaps it instead of following it.
            try (PortWatch watch = ahead.map(a -> PortWatch.onOpen(URI.create(planned).getHost(), port, Defaults.SERVER_START_TIMEOUT,
                    a::targetUp)).orElse(null)) {
                launched = Launch.cell(plan, bench, cell, serverJdk, files, port);
            }
            if (!(launched instanceof Launch.Up up)) {
                return results.stopped((Stop) launched);
            }
            ServerHandle server = up.server();
            // a server that chose its own port is loaded by a driver started now
            PreparedLoad load = ahead.filter(a -> server.baseUrl().equals(planned))
                    .orElseGet(() -> early.deferred(server.baseUrl()));
            if (ahead.isPresent() && load != ahead.get()) {
                ahead.get().close();
            }
            try {
                load.targetUp();
                clock.begin(Stage.VERIFY);
                progress.phase(Launch.readyLine(server) + (plan.requests().isEmpty() ? "; verifying the contract" : "; checking your requests"));
                Optional<Stop> refused = Verify.contract(server, cell, plan);
                if (refused.isPresent()) {
                    measured = refused.get();
                } else {
                    if (!plan.requests().isEmpty()) {
                        // a service of the user's: its S is not known beforehand, it is measured now, at low load
                        serviceTime = RequestCheck.serviceTime(server.baseUrl(), plan.requests(), plan.tls());
                        ceiling = Judge.ceiling(plan, cell, serviceTime, serverJdk.feature(), serverCores);
                        results = results.withServiceTime(serviceTime, ceiling);
                        measure = new Measure(plan, bench, cellEngine, cell, files, path, serviceTime, progress);
                    }
                    clock.begin(Stage.DRIVER_START);
                    measured = measure.run(server, load);
                    clock.begin(Stage.DRAIN);
                    if (measured instanceof Measure.Window window) {
                        window.load().timeline().ifPresent(t -> dateLoadStages(clock, t));
                    }
                    if (measured instanceof Measure.Window window && files.jfr().isPresent()) {
                        awaitAllocationPeriod(window.to());
                    }
                }
            } finally {
                load.close();
                clock.begin(Stage.STOP);
                server.close();
                clock.begin(Stage.JUDGE);
            }
        } catch (ServerProcess.PortStillOpen e) {
            return results.stopped(Stop.failed(e.getMessage()));
        } finally {
            ahead.ifPresent(PreparedLoad::close);
        }
        if (measured instanceof Stop stop) {
            return results.stopped(stop);
        }
        // The flight recording is complete only once the server has exited.
        Measure.Figures figures = measure.figures((Measure.Window) measured);
        return Judge.judge(plan, results, ceiling, serviceTime, serverCores, figures,
                bench.topology(plan, cellEngine instanceof K6Agents agents ? agents.lastShares() : List.of()));
    }

    /**
     * The warm-up, window and drain begin where the engine says its load and window did: its progress reports, which moved
     * the clock as they came, arrive late by as much as a busy second, and their lag would be counted as overhead.
     * Dated from the last, so that each is placed between neighbours already exact.
     */
    private static void dateLoadStages(StageClock clock, LoadTimeline timeline) {
        clock.dateStart(Stage.DRAIN, timeline.windowEnd());
        clock.dateStart(Stage.WINDOW, timeline.windowStart());
        clock.dateStart(Stage.WARMUP, timeline.loadStart());
    }

    /** The cell's driver started now, or empty if it cannot be: it is then started after the server, and says why not. */
    private static Optional<PreparedLoad> startAhead(Measure measure, String baseUrl) {
        try {
            return Optional.of(measure.prepare(baseUrl));
        } catch (LoadException e) {
            return Optional.empty();
        }
    }

    /** The recording's allocation totals must bracket the window's end before the server stops. */
    private static void awaitAllocationPeriod(Instant windowEnd) {
        try {
            JfrAllocation.awaitPeriodAfter(windowEnd);
        } catch (InterruptedException e) {
            // the cell is being abandoned: stop now, the allocation figure is simply missing
            Thread.currentThread().interrupt();
        }
    }
}
