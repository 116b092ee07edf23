package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.CensoredLatency;
import dev.loomlab.lab.load.HlogMerge;
import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.load.LoadEngine;
import dev.loomlab.lab.load.LoadException;
import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.load.LoadSpec;
import dev.loomlab.lab.load.PreparedLoad;
import dev.loomlab.lab.metrics.JfrAllocation;
import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.metrics.Sampler;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.metrics.SeriesSummary;
import dev.loomlab.lab.plan.LoadShape;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.server.ServerHandle;
import dev.loomlab.lab.server.ServerProcess;
import dev.loomlab.load.DriverResult;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenario;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The third stage: the load, and everything observed around it. The sampler scrapes from the
 * warm-up on and keeps the rows of the measured window; the window's opening and closing also
 * mark the pitfall counters and the fan-out downstream's call count. After the server has exited
 * (its flight recording is complete only then) the window's JFR events are counted and the
 * figures gathered into the cell's metrics.
 */
public final class Measure {
    /** The load measured, or why the cell stopped during it. */
    sealed interface Outcome permits Window, Stop {
    }

    /** What the measured window left while the server still ran. */
    record Window(LoadResult load, List<SeriesRow> rows, Map<String, Double> windowTotals, Map<String, Double> pitfallMetrics,
                  Map<String, Double> writeMetrics, Optional<String> writeCheck, Optional<Instant> from, Instant to)
            implements Outcome {
        /** The server's mean CPU over the window, in cores, as the judged cell will have it; null when unknown. */
        Double serverCpuCoresMean() {
            Double exact = windowTotals.get("serverCpuCoresMean");
            return exact != null ? exact : SeriesSummary.of(rows).get("serverCpuCoresMean");
        }
    }

    /**
     * A cell's measured figures, ready to be judged.
     *
     * @param writeCheck why the write check failed the cell, or empty
     */
    record Figures(LoadResult load, List<SeriesRow> rows, Map<String, Double> metrics, Map<String, Long> jfrEvents,
                   String timeseries, Optional<String> writeCheck, FanOutDownstream.Count calls) {
    }

    private final Plan plan;
    private final Bench bench;
    private final LoadEngine engine;
    private final Scenario scenario;
    private final CellFiles files;
    private final String path;
    private final Duration serviceTime;
    private final CellProgress progress;
    /** The fan-out check's count (a target's downstream is its own, not counted). */
    final FanOutDownstream.Count calls;

    Measure(Plan plan, Bench bench, LoadEngine engine, Cell cell, CellFiles files, String path, Duration serviceTime,
            CellProgress progress) {
        this.plan = plan;
        this.bench = bench;
        this.engine = engine;
        this.scenario = cell.scenario();
        this.files = files;
        this.path = path;
        this.serviceTime = serviceTime;
        this.progress = progress;
        this.calls = cell.target() ? FanOutDownstream.Count.NONE : bench.downstream().count(scenario);
    }

    /** The request the load engine sends: the plan's load, and its shape, on {@code url}. The only place a cell's load is described. */
    public static LoadSpec loadSpec(Plan plan, String url, Scenario scenario, Path outDir, String name, Path driverLog) {
        // A burst has no warm-up and no window, timed from its first send to its last answer (Window qualified: this class has one)
        dev.loomlab.load.Window window = plan.workload() instanceof Workload.Burst ? dev.loomlab.load.Window.NONE : plan.window();
        LoadSpec spec = new LoadSpec(url, scenario.method(), plan.workload(), window, plan.requestTimeout(), outDir, name, driverLog)
                .spiking(plan.spike().orElse(null)).ramping(plan.ramp().orElse(null))
                // a soak's p99 trend, a spike's recovery and a ramp's knee are read from the window's seconds
                .keepingSeconds(!(plan.shape() instanceof LoadShape.Steady));
        return plan.requests().isEmpty() ? spec : spec.sending(plan.requests(), plan.tls());
    }

    /** One of this cell's requests to the server at {@code baseUrl}, as its load sends it (an empty body where the method has one). */
    HttpRequest request(String baseUrl) {
        String method = scenario.method();
        String url = (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + path;
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .method(method, method.equals("GET") || method.equals("HEAD") ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(""))
                .build();
    }

    /** The line announcing the load. */
    static String loadLine(Plan plan, String path) {
        return switch (plan.workload()) {
            case Workload.Burst b -> "burst of " + b.requests() + " requests at once on " + path;
            case Workload.Open o -> window(plan) + o.ratePerSec() + " requests/s on " + path;
            case Workload.Closed c -> window(plan) + c.vus() + " VUs on " + path;
        };
    }

    private static String window(Plan plan) {
        String warmup = plan.window().settles()
                ? "warm-up until settled (" + plan.window().warmup().toSeconds() + "–" + plan.window().warmupMax().toSeconds() + " s)"
                : "warm-up " + plan.window().warmup().toSeconds() + " s";
        return warmup + ", then " + plan.window().measure().toSeconds() + " s measured, ";
    }

    /** This cell's load at a server that will answer at {@code baseUrl}, its engine started now where it can be. */
    PreparedLoad prepare(String baseUrl) {
        return engine.prepare(loadSpec(baseUrl));
    }

    /** This cell's load at a server answering at {@code baseUrl}, its engine started when it is run. */
    PreparedLoad deferred(String baseUrl) {
        return PreparedLoad.deferred(engine, loadSpec(baseUrl));
    }

    private LoadSpec loadSpec(String baseUrl) {
        return loadSpec(plan, baseUrl + path, scenario, files.outDir(), files.stem(), files.driverLog());
    }

    /**
     * Follows the load's progress to place the window: the sampler's rows, the pitfalls' checks and the calls counted
     * from the engine's first measured second to the first second after it; scraping starts with the warm-up. A burst
     * has no warm-up: all of it is the window.
     */
    private final class WindowWatch implements LoadProgress.Listener {
        private final AtomicReference<Instant> from = new AtomicReference<>();
        private final AtomicReference<Instant> to = new AtomicReference<>();
        private final AtomicReference<Map<String, Double>> pitfallMetrics = new AtomicReference<>(Map.of());
        private final Sampler sampler;
        private final PitfallChecks pitfalls;
        // a settling warm-up's length is known only once it ends: the progress counts to its longest
        private final LoadProgress.Listener live = progress.loadListener(plan.window().warmupMax(), plan.window().measure());

        WindowWatch(Sampler sampler, PitfallChecks pitfalls) {
            this.sampler = sampler;
            this.pitfalls = pitfalls;
        }

        @Override
        public void onProgress(LoadProgress p) {
            boolean inWindow = p.phase().equals("measure") || p.phase().equals("burst");
            if (p.phase().equals("warmup")) {
                sampler.start();
            }
            if (inWindow && from.get() == null) {
                from.set(Instant.now());
                sampler.openWindow();
                pitfalls.windowOpens();
                if (!(plan.workload() instanceof Workload.Burst)) {
                    calls.open();
                }
            } else if (!inWindow && from.get() != null && to.get() == null) {
                to.set(Instant.now());
                sampler.stop();
                calls.close();
                pitfallMetrics.set(pitfalls.windowCloses());
            }
            live.onProgress(p);
        }

        @Override
        public void engineStarted(long pid) {
            sampler.driverPid(pid);
        }

        /** The load has ended, however: what it left open is closed. */
        void loadEnded() {
            to.compareAndSet(null, Instant.now());
            calls.close();
            if (from.get() != null && pitfallMetrics.get().isEmpty()) {
                pitfallMetrics.set(pitfalls.windowCloses());
            }
        }
    }

    /** Runs {@code prepared}, the load at {@code server}, to its end; the server is still up when it returns. */
    Outcome run(ServerHandle server, PreparedLoad prepared) {
        Map<String, Double> writeMetrics = new LinkedHashMap<>();
        PitfallChecks pitfalls = new PitfallChecks(scenario, server.baseUrl(), server.managementUrl());
        pitfalls.beforeLoad();
        Sampler sampler = new Sampler(server.pid(), server.managementUrl(), bench.db().pid().orElse(-1));
        WindowWatch watch = new WindowWatch(sampler, pitfalls);
        progress.phase(loadLine(plan, plan.requests().isEmpty() ? path : "your " + plan.requests().size() + " requests"));
        if (plan.workload() instanceof Workload.Burst) {
            calls.open();
        }
        LoadResult load;
        List<SeriesRow> rows;
        Map<String, Double> windowTotals;
        try {
            load = prepared.run(watch);
        } catch (LoadException e) {
            return Stop.failed(server.alive() ? "load engine failed: " + e.getMessage() : serverExited(server));
        } finally {
            rows = sampler.stop();
            windowTotals = sampler.windowTotals();
            watch.loadEnded();
        }
        if (!server.alive()) {
            return Stop.failed(serverExited(server));
        }
        Optional<String> writeCheck = pitfalls.afterLoad(serviceTime, files.driverResult(), writeMetrics);
        return new Window(load, rows, windowTotals, watch.pitfallMetrics.get(), writeMetrics, writeCheck,
                Optional.ofNullable(watch.from.get()), watch.to.get());
    }

    /** Once the server has exited: the window's JFR events, the time series written, the metrics gathered. */
    Figures figures(Window window) {
        RunFolder folder = bench.folder();
        Map<String, Long> jfrEvents = window.from().isEmpty() || files.jfr().isEmpty() ? Map.of()
                : JfrCounts.count(folder.root().resolve(files.jfr().get()), window.from().get(), window.to());
        Sampler.writeCsv(folder.root().resolve(files.timeseries()), window.rows());
        Map<String, Double> metrics = new LinkedHashMap<>(SeriesSummary.of(window.rows()));
        metrics.putAll(window.windowTotals());
        metrics.putAll(window.pitfallMetrics());
        metrics.putAll(RequestFigures.read(RequestFigures.file(files), window.load().durationS()));
        if (window.from().isPresent() && files.jfr().isPresent()) {
            // the exact figure, where the recording has it, over the server's GC-time counter
            Instant from = window.from().get();
            JfrAllocation.bytesBetween(folder.root().resolve(files.jfr().get()), from, window.to()).ifPresent(bytes -> {
                metrics.put("allocatedMbInWindow", bytes / 1e6);
                double seconds = Duration.between(from, window.to()).toNanos() / 1e9;
                if (seconds > 0) {
                    metrics.put("allocatedMbPerS", bytes / 1e6 / seconds);
                }
            });
        }
        // latency counts from each request's due time however late it left; how late the driver was is its own figure
        Optional<DriverResult.Schedule> schedule = plan.workload() instanceof Workload.Open
                ? HyperfoilEngine.schedule(files.driverResult()) : Optional.empty();
        schedule.ifPresent(s -> {
            metrics.put("sentLate", (double) s.sentLate());
            metrics.put("lateAfterMs", s.lateAfterMs());
            metrics.put("maxSendDelayMs", s.maxSendDelayMs());
        });
        PitfallChecks.perRequest(metrics, window.load().requests());
        metrics.putAll(window.writeMetrics());
        LoadResult load = censored(window.load(), folder.root().resolve(files.hlog()), metrics);
        return new Figures(load, window.rows(), metrics, jfrEvents, files.timeseries(), window.writeCheck(), calls);
    }

    /**
     * The load with the requests the client gave up on counted in its latency, at the request timeout (every engine's
     * histogram holds responses only); the timeout recorded when any was, so that the tables mark a percentile at it as
     * a lower bound.
     */
    private LoadResult censored(LoadResult load, Path hlog, Map<String, Double> metrics) {
        long givenUp = load.errors() == null ? 0 : load.errors().getOrDefault("timeout", 0L);
        if (givenUp == 0) {
            return load;
        }
        Optional<org.HdrHistogram.Histogram> responses;
        try {
            responses = Files.isRegularFile(hlog) ? Optional.of(HlogMerge.merge(List.of(hlog))) : Optional.empty();
        } catch (RuntimeException noIntervals) {
            // a log with no interval (every request timed out): the share rule below still marks the percentiles
            responses = Optional.empty();
        }
        long answered = Math.max(0, load.requests() - givenUp - load.errors().getOrDefault("connect", 0L));
        CensoredLatency c = CensoredLatency.of(load.latency(), responses, answered, givenUp, plan.requestTimeout());
        c.censoredAtMs().ifPresent(ms -> metrics.put("latencyCensoredAtMs", ms));
        metrics.put("latencyGivenUp", (double) givenUp);
        return new LoadResult(load.engine(), load.engineVersion(), load.durationS(), load.requests(), load.ok(), load.tps(), c.latency(),
                load.errors(), load.requestedRate(), load.achievedRate(), load.unsent(), load.driverCpuS(), load.driverJvm(),
                load.wallTimeMs(), load.timeline());
    }

    /** Why a server that died mid-cell failed its cell: how it ended, and the last lines it logged. */
    private static String serverExited(ServerHandle server) {
        String tail = server.logTail(5);
        return "the server exited during the cell" + (server instanceof ServerProcess p ? " (" + p.exitNote() + ")" : "")
                + (tail.isBlank() ? "" : " — log tail: " + String.join(" | ", tail.lines().map(String::strip).toList()));
    }
}
