package dev.loomlab.lab.cell;

import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.K6Agents;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.load.LoadException;
import dev.loomlab.lab.load.LoadTimeline;
import dev.loomlab.lab.load.PreparedLoad;
import dev.loomlab.lab.metrics.JfrAllocation;
import dev.loomlab.lab.metrics.ResidentSet;
import dev.loomlab.lab.os.Calibration;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.StageTimes.Stage;
import dev.loomlab.lab.server.FreePort;
import dev.loomlab.lab.server.PortWatch;
import dev.loomlab.lab.server.ServerHandle;
import dev.loomlab.lab.server.ServerProcess;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenario;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * The life of one cell: launch its server, verify the contract, measure the warm-up and the window,
 * judge what limited it. The server is stopped before the cell's record is built; every cell,
 * measured or stopped early, comes back as one {@link CellResult} with where its load ran and
 * how long each of its stages took.
 *
 * @param engine     the plan's engine, named by cells that fail before their load runs
 * @param cellEngine the engine that sends the load: the plan's, or its drivers together
 * @param contract   the contract checks of the run's servers so far
 */
public record CellRun(Plan plan, Bench bench, LoadEngine engine, LoadEngine cellEngine, ContractChecks contract) {

    /** A run's cells, their servers' contract checked once per build in it. */
    public CellRun(Plan plan, Bench bench, LoadEngine engine, LoadEngine cellEngine) {
        this(plan, bench, engine, cellEngine, new ContractChecks());
    }

    /**
     * Runs {@code cell} with its server on {@code serverJdk}, alone: nothing of another cell (its server's start, stop or
     * recording, its driver) runs beside its window or its drain.
     */
    public CellResult run(Cell cell, Jdk serverJdk, CellProgress progress) {
        return start(cell, serverJdk, progress).finish();
    }

    /**
     * What is left of a cell once its load has returned: its server's stop and its judging, neither of which sends or
     * answers a request. A run cut short (Ctrl-C) while they run still keeps the cell; one cut short before has nothing
     * left of it to keep.
     */
    @FunctionalInterface
    public interface Ending {
        /** Stops what the cell started and builds its record. */
        CellResult finish();
    }

    /** Runs {@code cell} as {@link #run} does, up to its load's end; the rest is in the {@link Ending}. */
    public Ending start(Cell cell, Jdk serverJdk, CellProgress progress) {
        StageClock clock = new StageClock();
        // Before anything of the cell starts (its ready stage counts it): what the CPUs ran at for it, since this
        // machine kind changes speed by steps from one minute to the next.
        Optional<Double> reference = cell.target() ? Optional.empty() : Calibration.cellReference(bench.cpus());
        Ending stages = stages(cell, serverJdk, new TimedProgress(progress, clock), clock);
        return () -> {
            CellResult result = withTopology(stages.finish()).withStages(clock.finish());
            return reference.isPresent() && result.succeeded() ? result.withMetric(CPU_REFERENCE, reference.get()) : result;
        };
    }

    /** The cell's metric: CPU seconds of the reference ({@link Calibration#cellReference}) timed before it. */
    public static final String CPU_REFERENCE = "cpuReferenceS";

    /** {@code result} with where it ran: the bench's topology where the cell recorded none of its own. */
    private CellResult withTopology(CellResult result) {
        return result.topology() == null ? result.withTopology(bench.topology(plan, List.of())) : result;
    }

    /** Where a cell sends its load and what its files are. */
    private record Shape(String label, String path, Duration serviceTime, CellFiles files) {
    }

    private Shape shape(Cell cell) {
        Scenario scenario = cell.scenario();
        String label = cell.label(plan.jdkAxis());
        Map<String, Long> args = args(plan, scenario);
        return new Shape(label, scenario.pathWithQuery(args), scenario.serviceTime(args), CellFiles.of(bench.folder(), cell, label));
    }

    /** The plan's values of {@code scenario}'s parameters. */
    private static Map<String, Long> args(Plan plan, Scenario scenario) {
        return scenario.param("ms").isPresent() ? Map.of("ms", plan.sleepMs()) : Map.of();
    }

    /**
     * One cell's fixed parts and what its figures are judged by: the ceiling, the service time it rests on and the
     * measure that sends the load. A user's service learns its service time only once its server answers.
     */
    private record Setup(Cell cell, Jdk serverJdk, CellProgress progress, StageClock clock, Shape shape, int serverCores,
                         Duration serviceTime, Ceiling ceiling, CellResults results, Measure measure) {
    }

    private Setup setup(Cell cell, Jdk serverJdk, CellProgress progress, StageClock clock) {
        Shape shape = shape(cell);
        Duration serviceTime = shape.serviceTime();
        Ceiling ceiling = Judge.ceiling(plan, cell, serviceTime, serverJdk.feature(), bench.cpus().serverCores());
        CellResults results = new CellResults(plan, shape.label(), cell, serverJdk, engine.id(), bench.cpus(), shape.path(), serviceTime,
                ceiling, shape.files());
        return new Setup(cell, serverJdk, progress, clock, shape, bench.cpus().serverCores(), serviceTime, ceiling, results,
                new Measure(plan, bench, cellEngine, cell, shape.files(), shape.path(), serviceTime, progress));
    }

    /** The same cell judged by a service time measured now. */
    private Setup withServiceTime(Setup s, Duration serviceTime) {
        Ceiling ceiling = Judge.ceiling(plan, s.cell(), serviceTime, s.serverJdk().feature(), s.serverCores());
        return new Setup(s.cell(), s.serverJdk(), s.progress(), s.clock(), s.shape(), s.serverCores(), serviceTime, ceiling,
                s.results().withServiceTime(serviceTime, ceiling),
                new Measure(plan, bench, cellEngine, s.cell(), s.shape().files(), s.shape().path(), serviceTime, s.progress()));
    }

    private Ending stages(Cell cell, Jdk serverJdk, CellProgress progress, StageClock clock) {
        Setup s = setup(cell, serverJdk, progress, clock);
        Optional<String> notServed = cell.model().flatMap(m -> m.notServed(cell.scenario()));
        if (notServed.isPresent()) {
            return new Served.Stopped(s.results(), Stop.skipped(cell.model().orElseThrow() + " does not serve " + cell.scenario() + ": "
                    + notServed.get())).ending();
        }
        // The server's port chosen here lets its driver start now, alongside it, with the URL it will load.
        int port = cell.target() ? 0 : FreePort.pick().orElse(0);
        String planned = port == 0 ? "" : Launch.baseUrl(bench, port);
        Optional<PreparedLoad> ahead = port == 0 ? Optional.empty() : prepareDriver(s.measure(), planned);
        Served served = null;
        try {
            served = launchAndMeasure(s, port, planned, ahead);
            return served.ending();
        } catch (ServerProcess.PortStillOpen e) {
            return new Served.Stopped(s.results(), Stop.failed(e.getMessage())).ending();
        } finally {
            // a measured window hands the driver started ahead to its ending, which closes it after the low-load check
            if (!(served instanceof Served.Window)) {
                ahead.ifPresent(PreparedLoad::close);
            }
        }
    }

    private Served launchAndMeasure(Setup s, int port, String planned, Optional<PreparedLoad> ahead) {
        Launch.Outcome launched;
        // The driver may connect once the port accepts, before the ready line: a server fills its pool after its web
        // server has started, and the driver's connecting then overlaps it instead of following it.
        try (PortWatch watch = ahead.map(a -> PortWatch.onOpen(URI.create(planned).getHost(), port, plan.serverStartTimeout(),
                a::targetUp)).orElse(null)) {
            launched = Launch.cell(plan, bench, s.cell(), s.serverJdk(), s.shape().files(), port);
        }
        if (!(launched instanceof Launch.Up up)) {
            return new Served.Stopped(s.results(), (Stop) launched);
        }
        ServerHandle server = up.server();
        // a server that chose its own port is loaded by a driver started now
        PreparedLoad load = ahead.filter(a -> server.baseUrl().equals(planned))
                .orElseGet(() -> s.measure().deferred(server.baseUrl()));
        if (ahead.isPresent() && load != ahead.get()) {
            ahead.get().close();
        }
        Served served = null;
        try {
            served = verifyAndMeasure(s, server, load, ahead);
            return served;
        } finally {
            // from a measured window on, the server, the driver and the driver started ahead are the ending's to close
            // (the server measured at low load in between)
            if (!(served instanceof Served.Window)) {
                load.close();
                s.clock().begin(Stage.STOP);
                server.close();
                s.clock().begin(Stage.JUDGE);
            }
        }
    }

    private Served verifyAndMeasure(Setup s, ServerHandle server, PreparedLoad load, Optional<PreparedLoad> ahead) {
        if (server.pid() > 0) {
            load.serverIs(server.pid());
        }
        load.targetUp();
        s.clock().begin(Stage.VERIFY);
        s.progress().phase(Launch.readyLine(server) + (plan.requests().isEmpty() ? "; verifying the contract" : "; checking your requests"));
        Optional<Stop> refused = contract.check(server, s.cell(), plan);
        if (refused.isPresent()) {
            return new Served.Stopped(s.results(), refused.get());
        }
        // What the model holds at rest, answering but not yet loaded: the cost of keeping it up.
        Double idleRssMb = server.pid() > 0 ? boxed(ResidentSet.mb(server.pid())) : null;
        // a service of the user's: its S is not known beforehand, it is measured now, at low load
        Setup judged = plan.requests().isEmpty() ? s
                : withServiceTime(s, RequestCheck.serviceTime(server.baseUrl(), plan.requests(), plan.tls()));
        s.clock().begin(Stage.DRIVER_START);
        Measure.Outcome measured = judged.measure().run(server, load);
        s.clock().begin(Stage.DRAIN);
        if (!(measured instanceof Measure.Window window)) {
            return new Served.Stopped(judged.results(), (Stop) measured);
        }
        window.load().timeline().ifPresent(t -> dateLoadStages(s.clock(), t));
        // the drain ends with the load; what follows is the server's stop
        s.clock().begin(Stage.STOP);
        return new Served.Window(ending(judged, window, server, load, ahead, idleRssMb));
    }

    /** The end of a measured cell: its server stopped, once its recording holds the window's end, and the cell judged. */
    private Ending ending(Setup s, Measure.Window window, ServerHandle server, PreparedLoad load, Optional<PreparedLoad> ahead,
                          Double idleRssMb) {
        return () -> {
            Optional<Duration> cpuPerRequest;
            try {
                load.close();
                if (s.shape().files().jfr().isPresent()) {
                    awaitAllocationPeriod(window.to());
                }
                // The warm server at low load, after its window and its recording's last period: the utilization law's
                // input, measured (3 s) only for a cell it can bound.
                cpuPerRequest = Judge.cpuCanBound(plan, s.ceiling(), window.serverCpuCoresMean(), s.serverCores())
                        ? CpuAtLowLoad.measure(server.pid(), lowLoadRequest(server.baseUrl(), s.measure()),
                                CpuAtLowLoad.inFlight(s.serviceTime(), users()), plan.tls())
                        : Optional.empty();
                server.close();
            } catch (ServerProcess.PortStillOpen e) {
                return s.results().stopped(Stop.failed(e.getMessage()));
            } finally {
                ahead.ifPresent(PreparedLoad::close);
            }
            s.clock().begin(Stage.JUDGE);
            // The flight recording is complete only once the server has exited.
            Measure.Figures figures = s.measure().figures(window);
            return Judge.judge(plan, s.results(), s.ceiling(), cpuPerRequest, s.serviceTime(), s.serverCores(), figures,
                    bench.topology(plan, cellEngine instanceof K6Agents agents ? agents.lastShares() : List.of()))
                    .withServerAtRest(idleRssMb, Launch.serverStart(server));
        };
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
    private static Optional<PreparedLoad> prepareDriver(Measure measure, String baseUrl) {
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

    /** The closed load's users, the open load's sessions at most, a burst's size: the most requests a cell ever had in flight. */
    private int users() {
        return switch (plan.workload()) {
            case Workload.Closed c -> c.vus();
            case Workload.Burst b -> b.requests();
            case Workload.Open o -> Integer.MAX_VALUE;
        };
    }

    /** One more of the cell's requests, as its load sends them: the scenario's, or a draw from the user's mix. */
    private Supplier<HttpRequest> lowLoadRequest(String baseUrl, Measure measure) {
        return plan.requests().isEmpty() ? () -> measure.request(baseUrl) : RequestCheck.draws(baseUrl, plan.requests(), plan.tls());
    }

    private static Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
