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
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenario;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
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
 * @param contract   the contract checks of the run's servers so far
 */
public record CellRun(Plan plan, Bench bench, LoadEngine engine, LoadEngine cellEngine, ContractChecks contract) {

    /** A run's cells, their servers' contract checked once per build in it. */
    public CellRun(Plan plan, Bench bench, LoadEngine engine, LoadEngine cellEngine) {
        this(plan, bench, engine, cellEngine, new ContractChecks());
    }

    /** Runs {@code cell} with its server on {@code serverJdk}, each cell starting its own server. */
    public CellResult run(Cell cell, Jdk serverJdk, CellProgress progress) {
        return start(cell, serverJdk, progress, ServersAhead.NONE).finish();
    }

    /**
     * What is left of a cell once its load has returned: its server's stop and its judging. Neither sends or answers a
     * request, and both take a second or two, so they may run beside the start of the next cell's warm-up, which is not
     * measured (a window they reached would say so: see {@link ServersAhead#ending}). A cell that
     * stopped before its load has nothing left.
     */
    @FunctionalInterface
    public interface Ending {
        /** Stops what the cell started and builds its record. */
        CellResult finish();
    }

    /**
     * Runs {@code cell} on the server {@code ahead} started for it, if any, starting the next cell's there during its
     * warm-up, up to its load's end; the rest is in the {@link Ending}.
     */
    public Ending start(Cell cell, Jdk serverJdk, CellProgress progress, ServersAhead ahead) {
        StageClock clock = new StageClock();
        ServersAhead.Neighbour neighbour = ahead.neighbour(cell, this::startAhead);
        Optional<NextServer> started = ahead.take(cell);
        Optional<String> notTakenOver = started.flatMap(NextServer::whyNotAdoptable);
        notTakenOver.ifPresent(why -> progress.phase("the server started ahead for this cell is not taken over: " + why
                + "; stopped, the cell starts its own"));
        Ending stages = stages(cell, serverJdk, new TimedProgress(progress, clock, neighbour), clock,
                started.filter(s -> notTakenOver.isEmpty()), neighbour);
        return () -> withBeside(stages.finish(), neighbour, notTakenOver).withStages(clock.finish());
    }

    private CellResult withBeside(CellResult measured, ServersAhead.Neighbour neighbour, Optional<String> notTakenOver) {
        Map<String, Object> topology = new LinkedHashMap<>();
        Optional<ServersAhead.Beside> beside = neighbour.beside();
        if (beside.isPresent()) {
            Map<String, Object> besideWindow = new LinkedHashMap<>();
            besideWindow.put("server", beside.get().cell().label(plan.jdkAxis()) + "/" + beside.get().cell().stem());
            besideWindow.put("cpuS", beside.get().cpu().toMillis() / 1000.0);
            topology.put("besideWindow", besideWindow);
        }
        // Said so that a cell's own start (its ready stage) is not taken for a start ahead that never happened.
        neighbour.givenUp().ifPresent(c -> topology.put("startAheadGivenUp", c.label(plan.jdkAxis()) + "/" + c.stem()));
        // the next cell's ready stage then holds the rest of that start, after this window
        neighbour.paused().ifPresent(c -> topology.put("startAheadPaused", c.label(plan.jdkAxis()) + "/" + c.stem()));
        notTakenOver.ifPresent(why -> topology.put("startAheadNotTakenOver", why));
        if (neighbour.previousEndingInWindow()) {
            // The cell before was still stopping its server or being judged when this window began: said, not hidden.
            topology.put("previousCellEndingInWindow", true);
        }
        return withTopology(measured, topology);
    }

    /** {@code result} with {@code entries} added to its topology, the bench's where the cell recorded none. */
    private CellResult withTopology(CellResult result, Map<String, Object> entries) {
        CellResult withBench = result.topology() == null ? result.withTopology(bench.topology(plan, List.of())) : result;
        if (entries.isEmpty()) {
            return withBench;
        }
        Map<String, Object> topology = new LinkedHashMap<>(withBench.topology());
        topology.putAll(entries);
        return withBench.withTopology(topology);
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
     * {@code cell}'s server, and its driver where the engine starts ahead, started now for the cell to take over when it
     * begins; empty when the cell starts no server of the lab's or no port is free.
     */
    private Optional<NextServer> startAhead(Cell cell, Jdk serverJdk) {
        if (cell.target() || cell.model().flatMap(m -> m.notServed(cell.scenario())).isPresent()) {
            return Optional.empty();
        }
        int port = FreePort.pick().orElse(0);
        if (port == 0) {
            return Optional.empty();
        }
        Shape shape = shape(cell);
        Optional<Launch.Aside> launch = Launch.aside(plan, bench, cell, serverJdk, shape.files(), port);
        if (launch.isEmpty()) {
            return Optional.empty();
        }
        Measure measure = new Measure(plan, bench, cellEngine, cell, shape.files(), shape.path(), shape.serviceTime(), CellProgress.NONE);
        Optional<PreparedLoad> driver = startAhead(measure, Launch.baseUrl(bench, port));
        return Optional.of(new NextServer(cell, port, driver, launch.get()));
    }

    private Ending stages(Cell cell, Jdk serverJdk, CellProgress progress, StageClock clock, Optional<NextServer> own,
                          ServersAhead.Neighbour neighbour) {
        Scenario scenario = cell.scenario();
        Shape shape = shape(cell);
        String label = shape.label();
        String path = shape.path();
        Duration serviceTime = shape.serviceTime();
        int serverCores = bench.cpus().serverCores();
        Ceiling ceiling = Judge.ceiling(plan, cell, serviceTime, serverJdk.feature(), serverCores);
        CellFiles files = shape.files();
        CellResults results = new CellResults(plan, label, cell, serverJdk, engine.id(), bench.cpus(), path, serviceTime,
                ceiling, files);

        Optional<String> notServed = cell.model().flatMap(m -> m.notServed(scenario));
        if (notServed.isPresent()) {
            CellResult skipped = results.stopped(Stop.skipped(cell.model().orElseThrow() + " does not serve " + scenario + ": " + notServed.get()));
            return () -> skipped;
        }
        Measure early = new Measure(plan, bench, cellEngine, cell, files, path, serviceTime, progress);
        // The server's port chosen here lets its driver start now, alongside it, with the URL it will load.
        int port = own.map(NextServer::port).orElseGet(() -> cell.target() ? 0 : FreePort.pick().orElse(0));
        String planned = port == 0 ? "" : Launch.baseUrl(bench, port);
        Optional<PreparedLoad> ahead = own.isPresent() ? own.get().driver() : port == 0 ? Optional.empty() : startAhead(early, planned);
        Measure measure = early;
        Measure.Outcome measured;
        // Set once the load has returned a window: from there on the server, the driver and the driver started ahead are
        // the ending's to close, not this method's.
        boolean handedOver = false;
        try {
            Launch.Outcome launched;
            if (own.isPresent()) {
                launched = own.get().takeOver();
            } else {
                // The driver may connect once the port accepts, before the ready line: a server fills its pool after its web
                // server has started, and the driver's connecting then overlaps it instead of following it.
                try (PortWatch watch = ahead.map(a -> PortWatch.onOpen(URI.create(planned).getHost(), port, Defaults.SERVER_START_TIMEOUT,
                        a::targetUp)).orElse(null)) {
                    launched = Launch.cell(plan, bench, cell, serverJdk, files, port);
                }
            }
            if (!(launched instanceof Launch.Up up)) {
                CellResult stopped = results.stopped((Stop) launched);
                return () -> stopped;
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
                progress.phase(own.map(o -> o.paused() ? "started during the previous cell's warm-up, paused through its window"
                                + " (the time below counts that too): " : "started during the previous cell's warm-up: ").orElse("")
                        + Launch.readyLine(server)
                        + (plan.requests().isEmpty() ? "; verifying the contract" : "; checking your requests"));
                Optional<Stop> refused = contract.check(server, cell, plan);
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
                    Optional<DrainWatch> drain = neighbour.besideDrain().filter(next -> lightLoad(plan, next, serverCores)).isPresent()
                            ? drainWatch(serviceTime) : Optional.empty();
                    Measure.Running running = measure.start(server, load, drain);
                    boolean drainBeside = running.awaitEndOrHandOver();
                    neighbour.loadEnded();
                    clock.begin(Stage.DRAIN);
                    if (drainBeside) {
                        running.handedOver().ifPresent(left -> progress.phase(String.format(java.util.Locale.ROOT,
                                "its queue drains beside the next cell: %d requests, about %.0f s left", left.requestsLeft(),
                                left.left().toMillis() / 1000.0)));
                        Ending ending = drainingEnding(running, measure, files, results, ceiling, serviceTime, serverCores, clock, server,
                                load, ahead);
                        clock.handOver();
                        handedOver = true;
                        return ending;
                    }
                    measured = running.outcome();
                    if (measured instanceof Measure.Window window) {
                        window.load().timeline().ifPresent(t -> dateLoadStages(clock, t));
                        Ending ending = ending(window, measure, files, results, ceiling, serviceTime, serverCores, clock, server, load,
                                ahead);
                        // the drain ends with the load; whatever follows is the stop's, when the ending runs
                        clock.begin(Stage.STOP);
                        clock.handOver();
                        handedOver = true;
                        return ending;
                    }
                }
            } finally {
                if (!handedOver) {
                    load.close();
                    clock.begin(Stage.STOP);
                    server.close();
                    clock.begin(Stage.JUDGE);
                }
            }
        } catch (ServerProcess.PortStillOpen e) {
            CellResult failed = results.stopped(Stop.failed(e.getMessage()));
            return () -> failed;
        } finally {
            if (!handedOver) {
                ahead.ifPresent(PreparedLoad::close);
            }
        }
        CellResult stopped = results.stopped((Stop) measured);
        return () -> stopped;
    }

    /**
     * The end of a cell whose drain goes on beside the next cell: the drain's requests answered (their latencies are
     * measured as any), then the end of a measured cell; a cell whose server died or whose engine failed in the drain fails.
     */
    private Ending drainingEnding(Measure.Running running, Measure measure, CellFiles files, CellResults results, Ceiling ceiling,
                                  Duration serviceTime, int serverCores, StageClock clock, ServerHandle server, PreparedLoad load,
                                  Optional<PreparedLoad> ahead) {
        return () -> {
            Measure.Outcome outcome;
            try {
                outcome = running.outcome();
            } catch (RuntimeException e) {
                closeQuietly(load, server, ahead);
                throw e;
            }
            CellResult result;
            if (outcome instanceof Measure.Window window) {
                window.load().timeline().ifPresent(t -> dateLoadStages(clock, t));
                clock.begin(Stage.STOP);
                result = ending(window, measure, files, results, ceiling, serviceTime, serverCores, clock, server, load, ahead).finish();
            } else {
                clock.begin(Stage.STOP);
                closeQuietly(load, server, ahead);
                clock.begin(Stage.JUDGE);
                result = results.stopped((Stop) outcome);
            }
            return withDrainBeside(result, running.handedOver().orElseThrow());
        };
    }

    private static void closeQuietly(PreparedLoad load, ServerHandle server, Optional<PreparedLoad> ahead) {
        try {
            load.close();
            server.close();
        } catch (ServerProcess.PortStillOpen e) {
            // the cell fails for its own reason; a port left open is the next cell's to find
        } finally {
            ahead.ifPresent(PreparedLoad::close);
        }
    }

    /** Said with the cell: how far into its drain the next cell began, and what the drain was estimated to have left then. */
    private CellResult withDrainBeside(CellResult result, DrainWatch.Estimate handedOver) {
        Map<String, Object> drain = new LinkedHashMap<>();
        drain.put("afterS", handedOver.into().toMillis() / 1000.0);
        drain.put("estimatedLeftS", handedOver.left().toMillis() / 1000.0);
        drain.put("requestsLeft", handedOver.requestsLeft());
        return withTopology(result, Map.of("drainBesideNext", drain));
    }

    /**
     * Whether {@code next}'s load may start beside a drain: its server holds a bounded number of requests at once
     * (platform threads) and its ceiling is at most {@link #LIGHT_LOAD_TPS}, so its warm-up leaves the CPU to the
     * drain's requests. Measured on the seed-talk plan: legacy's slow-query drain beside thread-name's warm-up (bound by
     * CPU only) drained slower, its p99 from 24–25 s to 28–32 s; mvc-platform's beside mvc-virtual's slow-query warm-up
     * (150 TPS by its pool, but 3,000 requests taken at once on virtual threads) had its largest latency, in every round,
     * at the hand-over: 26.3–30.1 s against 23.8–27.2 s alone. Beside platform threads' warm-ups (200 threads, 150–200
     * TPS) the drains answered as they did alone.
     */
    static boolean lightLoad(Plan plan, ServersAhead.Upcoming next, int serverCores) {
        if (!plan.requests().isEmpty()) {
            // a service of the user's: its load is not known before its cell measures it
            return false;
        }
        if (next.cell().model().map(m -> m.requestThreads(plan.tomcatThreads()).isEmpty()).orElse(true)) {
            return false;
        }
        Scenario scenario = next.cell().scenario();
        Ceiling ceiling = Judge.ceiling(plan, next.cell(), scenario.serviceTime(args(plan, scenario)), next.jdk().feature(), serverCores);
        return ceiling.tps() != null && ceiling.tps() <= LIGHT_LOAD_TPS;
    }

    /** The most a next cell's load may reach, by its ceiling, for a drain to run beside its warm-up ({@link #lightLoad}). */
    static final double LIGHT_LOAD_TPS = 500;

    /**
     * The watch on a closed load's drain: alone for one service time and a second, then beside the next cell once what it
     * has left would end {@link #ENDING_ALLOWANCE} before the next warm-up does.
     */
    private Optional<DrainWatch> drainWatch(Duration serviceTime) {
        if (!(plan.workload() instanceof Workload.Closed closed)) {
            // an open load's requests in flight are not known from its reports
            return Optional.empty();
        }
        Duration leftAtMost = plan.window().warmup().minus(ENDING_ALLOWANCE);
        return leftAtMost.isPositive()
                ? Optional.of(new DrainWatch(closed.vus(), serviceTime.plusSeconds(1), leftAtMost)) : Optional.empty();
    }

    /**
     * What a cell's end after its drain may take and still be over before the next window: its server's stop (up to 3 s
     * with its flight recording written) and its judging (up to 2 s), with 3 s to spare for an estimate that was short.
     */
    static final Duration ENDING_ALLOWANCE = Duration.ofSeconds(8);

    /** The end of a measured cell: its server stopped, once its recording holds the window's end, and the cell judged. */
    private Ending ending(Measure.Window window, Measure measure, CellFiles files, CellResults results, Ceiling ceiling,
                          Duration serviceTime, int serverCores, StageClock clock, ServerHandle server, PreparedLoad load,
                          Optional<PreparedLoad> ahead) {
        return () -> {
            Optional<Duration> cpuPerRequest;
            try {
                load.close();
                if (files.jfr().isPresent()) {
                    awaitAllocationPeriod(window.to());
                }
                // The warm server at low load, after its window and its recording's last period: the utilization law's
                // input, measured (3 s) only for a cell it can bound.
                cpuPerRequest = Judge.cpuCanBound(plan, ceiling, window.serverCpuCoresMean(), serverCores)
                        ? CpuAtLowLoad.measure(server.pid(), lowLoadRequest(server.baseUrl(), measure),
                                CpuAtLowLoad.inFlight(serviceTime, users()), plan.tls())
                        : Optional.empty();
                server.close();
            } catch (ServerProcess.PortStillOpen e) {
                return results.stopped(Stop.failed(e.getMessage()));
            } finally {
                ahead.ifPresent(PreparedLoad::close);
            }
            clock.begin(Stage.JUDGE);
            // The flight recording is complete only once the server has exited.
            Measure.Figures figures = measure.figures(window);
            return Judge.judge(plan, results, ceiling, cpuPerRequest, serviceTime, serverCores, figures,
                    bench.topology(plan, cellEngine instanceof K6Agents agents ? agents.lastShares() : List.of()));
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

    /** The closed load's users, the open load's sessions at most, a burst's size: the most requests a cell ever had in flight. */
    private int users() {
        return switch (plan.workload()) {
            case Workload.Closed c -> c.vus();
            case Workload.Burst b -> b.requests();
            case Workload.Open o -> Integer.MAX_VALUE;
        };
    }

    /** One more of the cell's requests, as its load sends them: the scenario's, or a draw from the user's mix. */
    private java.util.function.Supplier<java.net.http.HttpRequest> lowLoadRequest(String baseUrl, Measure measure) {
        return plan.requests().isEmpty() ? () -> measure.request(baseUrl) : RequestCheck.draws(baseUrl, plan.requests(), plan.tls());
    }
}
