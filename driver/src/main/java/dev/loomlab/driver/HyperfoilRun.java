package dev.loomlab.driver;

import dev.loomlab.load.SteadyState;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

import io.hyperfoil.api.Version;
import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.api.config.ScenarioBuilder;
import io.hyperfoil.api.config.SequenceBuilder;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.config.SessionLimitPolicy;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.api.statistics.SessionStatistics;
import io.hyperfoil.api.statistics.Statistics;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.SimulationRunner;
import io.hyperfoil.http.api.FollowRedirect;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.HttpBuilder;
import io.hyperfoil.http.config.HttpPluginBuilder;
import io.hyperfoil.http.steps.HttpRequestStepBuilder;
import io.hyperfoil.http.steps.HttpStepCatalog;
import io.vertx.core.AsyncResult;
import org.apache.logging.log4j.LogManager;

/**
 * Runs one {@link DriverSpec} on Hyperfoil, in this JVM, as a single continuous phase of
 * warm-up + measurement, and hands back every 1-second statistics interval.
 *
 * <p>How Hyperfoil accounts (0.25.2, verified against its bytecode): each request is stamped when
 * the session starts it ({@code Request.start}, before it waits for a connection), and everything
 * about it — the response time in ns, its status class, a timeout, a connection error — is filed
 * under the 1-second interval in which it was started, counted from the phase start. A request
 * that ends after its interval has been published is published again later under the same
 * interval number; this class merges those. When the phase's time is up no new request starts,
 * and the phase only terminates once every in-flight request has answered or timed out (bounded
 * by {@code maxDuration} = phase + timeout + grace), so slow responses of the last seconds are
 * counted, not dropped.
 *
 * <p>Hyperfoil's own {@code LocalSimulationRunner} publishes statistics only when the phase
 * terminates; this class drives the public {@link SimulationRunner} API itself (the same loop)
 * so that it can also read the statistics every second for live progress.
 */
final class HyperfoilRun {
    static final String PHASE = "load";
    static final long INTERVAL_MS = 1000;
    /** Extra time after phase end + request timeout before in-flight requests are abandoned. */
    static final long DRAIN_GRACE_MS = 5_000;
    private static final long CONNECT_WAIT_MS = 60_000;
    /** Burst: how often the runner checks whether all requests have started. */
    private static final long BURST_POLL_MS = 2;

    /** Called about once a second from the statistics thread. */
    interface TickListener {
        /**
         * @param elapsedMs   time since the phase started
         * @param newlyDone   requests that completed (any outcome) and were published since the last tick,
         *                    filed by start (Hyperfoil's statistics)
         * @param completions the live per-second completion counters
         */
        void onTick(long elapsedMs, StatisticsSnapshot newlyDone, Completions completions);

        /** The connections are open and the run waits for its start gate. */
        default void onReady() {
        }

        /** The load is built and the run waits for its connect gate (its target is still starting). */
        default void onPrepared() {
        }
    }

    /** Everything a run produced; {@code arrivals}, the open model's schedule, is null for the other models. */
    record Result(
            long phaseStartEpochMs,
            long phaseEndEpochMs,
            NavigableMap<Integer, StatisticsSnapshot> intervals,
            CpuSampler cpu,
            boolean sessionLimitExceeded,
            List<Throwable> warnings,
            Completions completions,
            Arrivals arrivals,
            Map<String, NavigableMap<Integer, StatisticsSnapshot>> byRequest,
            String warmupEnded,
            Optional<SteadyState.Compiler> compiler,
            boolean ofOneRequest) {

        /** The same run as one request of its mix saw it: that request's intervals only. */
        Result of(String request) {
            return new Result(phaseStartEpochMs, phaseEndEpochMs, byRequest.get(request), cpu, sessionLimitExceeded, warnings,
                    completions, arrivals, Map.of(), warmupEnded, compiler, true);
        }
    }

    private HyperfoilRun() {
    }

    static String hyperfoilVersion() {
        try (InputStream in = Benchmark.class.getResourceAsStream("/META-INF/maven/io.hyperfoil/hyperfoil-api/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version");
                if (v != null && !v.isBlank()) {
                    return v;
                }
            }
        } catch (IOException ignored) {
            // fall through
        }
        String v = Version.VERSION;
        return v == null || v.equals("unknown") ? "0.25.2" : v;
    }

    static Benchmark buildBenchmark(DriverSpec spec) {
        BenchmarkBuilder bb = BenchmarkBuilder.builder()
                .name("loomlab-driver")
                .threads(spec.threads());
        HttpBuilder http = bb.addPlugin(HttpPluginBuilder::new).http();
        // the scheme before the host: Hyperfoil takes the host's (plain http) unless one was set
        RequestMix.secure(http, spec.target(), spec.request().tls());
        http.host(spec.target().host())
                .port(spec.target().port())
                .allowHttp2(false)
                .sharedConnections(spec.connections())
                .requestTimeout(spec.timeoutMs());

        PhaseBuilder<?> phase = switch (spec.workload()) {
            // N sessions started together, one request each; the phase ends when they all have
            case Workload.Burst b -> bb.addPhase(PHASE).atOnce(b.requests());
            case Workload.Closed c -> bb.addPhase(PHASE).always(spec.maxSessions());
            case Workload.Open o -> bb.addPhase(PHASE).constantRate(0)
                    .usersPerSec(o.ratePerSec())
                    // fixed (metronome) inter-arrival times, like k6's constant-arrival-rate
                    .variance(false)
                    .maxSessions(spec.maxSessions())
                    // do not fail the run when all sessions are busy: the arrival is delayed
                    // until a session frees up, and the shortfall shows as "unsent"
                    .sessionLimitPolicy(SessionLimitPolicy.CONTINUE);
        };
        phase.duration(spec.phaseMs()).maxDuration(maxPhaseMs(spec));

        ScenarioBuilder scenario = phase.scenario();
        SequenceBuilder sequence = scenario.initialSequence("request");
        spec.gate().ifPresent(sequence::step);
        if (spec.isBurst()) {
            sequence.step(new StartCounter());
        }
        if (spec.rate() != null) {
            sequence.step(new Arrivals.Stamp());
        }
        if (!spec.request().calls().isEmpty()) {
            RequestMix.add(scenario, sequence, spec.request().calls(), HyperfoilRun::countEveryAnswer);
            return bb.build();
        }
        HttpRequestStepBuilder request = sequence
                .step(HttpStepCatalog.SC)
                .httpRequest(HttpMethod.valueOf(spec.method()))
                .path(spec.target().pathAndQuery())
                .metric("request");
        if (spec.body() != null) {
            request.body(spec.body());
            request.headers().header("content-type", spec.contentType());
        }
        countEveryAnswer(request);
        return bb.build();
    }

    /** Count every status; never stop a session or follow a redirect because of one. */
    private static void countEveryAnswer(HttpRequestStepBuilder request) {
        request.handler()
                .autoRangeCheck(false)
                .stopOnInvalid(false)
                .followRedirect(FollowRedirect.NEVER)
                // count each request again by the second in which it completed (see Completions)
                .status(new Completions.StatusRecorder())
                .onCompletion(new Completions.CompletionRecorder());
    }

    /**
     * The longest the phase may last before in-flight requests are abandoned: the planned load, then
     * one timeout and a grace period to drain. A burst's requests may queue for a connection (fewer
     * connections than requests): it allows one timeout per round of connections.
     */
    static long maxPhaseMs(DriverSpec spec) {
        if (spec.isBurst()) {
            long rounds = (spec.burst() + spec.connections() - 1) / spec.connections();
            return rounds * spec.timeoutMs() + DRAIN_GRACE_MS;
        }
        return spec.phaseMs() + spec.timeoutMs() + DRAIN_GRACE_MS;
    }

    /** Burst: counts the requests its sessions have started, so that the phase is finished only after all have. */
    static final class StartCounter implements Step {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean invoke(Session session) {
            Completions c = Completions.RUN.current();
            if (c != null) {
                c.started();
            }
            return true;
        }
    }

    static Result run(DriverSpec spec, TickListener listener) throws InterruptedException {
        Completions completions = Completions.RUN.install(new Completions(maxPhaseMs(spec), spec.timeoutMs(), spec.isBurst()));
        Arrivals arrivals = Arrivals.RUN.install(spec.rate() != null ? new Arrivals(spec.rate(), maxPhaseMs(spec)) : null);
        Benchmark benchmark = buildBenchmark(spec);
        WarmupWatch warmup = new WarmupWatch(spec, completions);
        Runner runner = new Runner(benchmark, listener, spec, completions, warmup);
        runner.runToCompletion();
        PhaseInstance instance = runner.instance();
        Throwable phaseError = instance != null && instance.getError() != null ? instance.getError() : runner.phaseError;
        if (phaseError != null) {
            throw new DriverException("the Hyperfoil phase failed: " + phaseError, phaseError);
        }
        List<Throwable> warnings = new ArrayList<>(runner.asyncErrors);
        long start = runner.phaseStartEpochMs();
        return new Result(start, runner.phaseEndEpochMs, Collections.unmodifiableNavigableMap(runner.intervals), runner.cpu,
                runner.sessionLimitExceeded, warnings, completions, arrivals, Collections.unmodifiableMap(runner.byRequest),
                warmup.ended(), warmup.compiler(), false);
    }

    /** Drives one Hyperfoil phase and collects its statistics, per interval. */
    private static final class Runner extends SimulationRunner {
        private final ConcurrentLinkedQueue<Throwable> asyncErrors;
        private final TickListener listener;
        private final DriverSpec spec;
        private final Completions completions;
        private final WarmupWatch warmup;
        private ScheduledExecutorService ticker;
        private final Lock statusLock = new ReentrantLock();
        private final Condition statusCondition = statusLock.newCondition();
        private final Object statsLock = new Object();
        private final NavigableMap<Integer, StatisticsSnapshot> intervals = new TreeMap<>();
        private final Map<String, NavigableMap<Integer, StatisticsSnapshot>> byRequest = new LinkedHashMap<>();
        private final CpuSampler cpu = new CpuSampler();
        private StatisticsSnapshot sinceLastTick = new StatisticsSnapshot();
        private volatile long statsStartEpochMs = -1;
        private volatile boolean sessionLimitExceeded;
        private volatile Throwable phaseError;
        /** When the phase stopped starting new requests (FINISHED), or -1. */
        private volatile long phaseEndEpochMs = -1;

        Runner(Benchmark benchmark, TickListener listener, DriverSpec spec, Completions completions, WarmupWatch warmup) {
            this(benchmark, listener, spec, completions, warmup, new ConcurrentLinkedQueue<>());
        }

        private Runner(Benchmark benchmark, TickListener listener, DriverSpec spec, Completions completions, WarmupWatch warmup,
                ConcurrentLinkedQueue<Throwable> errors) {
            super(benchmark, "loomlab-" + ProcessHandle.current().pid(), 0, errors::add);
            this.asyncErrors = errors;
            this.listener = listener;
            this.spec = spec;
            this.completions = completions;
            this.warmup = warmup;
        }

        PhaseInstance instance() {
            return instances.get(PHASE);
        }

        long phaseStartEpochMs() {
            if (statsStartEpochMs > 0) {
                return statsStartEpochMs;
            }
            PhaseInstance i = instance();
            return i == null ? -1 : i.absoluteStartTime();
        }

        void runToCompletion() throws InterruptedException {
            init();
            String connectGate = spec.request().connectGate();
            if (connectGate != null) {
                listener.onPrepared();
                StartGate.awaitFile(Path.of(connectGate));
            }
            CountDownLatch connected = new CountDownLatch(1);
            AtomicReference<AsyncResult<Void>> connectResult = new AtomicReference<>();
            openConnections(result -> {
                connectResult.set(result);
                connected.countDown();
            });
            ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "loomlab-stats");
                t.setDaemon(true);
                return t;
            });
            try {
                if (!connected.await(CONNECT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                    throw new DriverException("could not open the connections to the target within "
                            + CONNECT_WAIT_MS / 1000 + " s");
                }
                AsyncResult<Void> r = connectResult.get();
                if (r != null && r.failed()) {
                    throw new DriverException("could not open connections to the target: " + r.cause(), r.cause());
                }
                String gate = spec.request().startGate();
                if (gate != null) {
                    listener.onReady();
                    StartGate.await(Path.of(gate)).ifPresent(warmup::watchCompilerOf);
                }
                exec();
                cpu.sample();
            } finally {
                ticker.shutdownNow();
                ticker.awaitTermination(5, TimeUnit.SECONDS);
                shutdown();
            }
        }

        /** The same phase-state loop as Hyperfoil's LocalSimulationRunner, for our single phase. */
        private void exec() {
            long startTime = System.currentTimeMillis();
            do {
                long now = System.currentTimeMillis();
                for (PhaseInstance phase : instances.values()) {
                    Phase def = phase.definition();
                    if (phase.status() == PhaseInstance.Status.RUNNING && loadIsOver(phase, now)) {
                        finishPhase(def.name());
                    }
                    if (phase.status() == PhaseInstance.Status.FINISHED) {
                        if (def.maxDuration() >= 0 && phase.absoluteStartTime() + def.maxDuration() <= now) {
                            terminatePhase(def.name());
                        } else {
                            tryTerminatePhase(def.name());
                        }
                    }
                    if (phase.status() == PhaseInstance.Status.NOT_STARTED && startTime + def.startTime() <= now) {
                        cpu.sample();
                        startPhase(def.name());
                        // a progress line at the phase's first instant, not one second in: the lab starts observing
                        // the server on it, and a burst, which has no warm-up, would lose its first second
                        listener.onTick(0, new StatisticsSnapshot(), completions);
                        // statistics, CPU samples and progress on the phase's own 1-second grid, so that
                        // the window's bounds (whole seconds from the phase start) fall on CPU samples
                        long firstTick = phase.absoluteStartTime() + INTERVAL_MS - System.currentTimeMillis();
                        ticker.scheduleAtFixedRate(this::tick, Math.max(0, firstTick), INTERVAL_MS, TimeUnit.MILLISECONDS);
                    }
                }
                long next = Long.MAX_VALUE;
                for (PhaseInstance phase : instances.values()) {
                    Phase def = phase.definition();
                    if (phase.status() == PhaseInstance.Status.RUNNING) {
                        next = Math.min(next, spec.isBurst() ? System.currentTimeMillis() + BURST_POLL_MS
                                : phase.absoluteStartTime() + warmup.loadEndMs());
                    }
                    if ((phase.status() == PhaseInstance.Status.RUNNING || phase.status() == PhaseInstance.Status.FINISHED)
                            && def.maxDuration() >= 0) {
                        next = Math.min(next, phase.absoluteStartTime() + def.maxDuration());
                    }
                }
                long delay = Math.min(next - System.currentTimeMillis(), 1000);
                if (delay > 0) {
                    statusLock.lock();
                    try {
                        statusCondition.await(delay, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        for (PhaseInstance phase : instances.values()) {
                            terminatePhase(phase.definition().name());
                        }
                        Thread.currentThread().interrupt();
                        throw new DriverException("interrupted", e);
                    } finally {
                        statusLock.unlock();
                    }
                }
            } while (instances.values().stream().anyMatch(p -> p.status() != PhaseInstance.Status.STATS_COMPLETE));
        }

        /**
         * Whether the phase should stop starting requests: its planned duration is over, or — a burst,
         * whose phase has no duration — every one of its sessions has started its request (finishing
         * earlier could terminate the phase before Hyperfoil has started its sessions).
         */
        private boolean loadIsOver(PhaseInstance phase, long now) {
            if (spec.isBurst()) {
                // (or, should some session never start, at the phase's time limit)
                return completions.startedCount() >= spec.burst()
                        || phase.absoluteStartTime() + phase.definition().maxDuration() <= now;
            }
            // a settling warm-up places the window while the load runs: the load ends with it, before the phase's planned end
            return phase.absoluteStartTime() + warmup.loadEndMs() <= now;
        }

        @Override
        protected CompletableFuture<Void> phaseChanged(Phase phase, PhaseInstance.Status status, boolean limitExceeded,
                Throwable error) {
            if (limitExceeded) {
                sessionLimitExceeded = true;
            }
            if (error != null) {
                phaseError = error;
            }
            if (status.isFinished() && phaseEndEpochMs < 0) {
                phaseEndEpochMs = System.currentTimeMillis();
                // the CPU used up to here is the load's; what follows is the drain
                cpu.sample();
            }
            return super.phaseChanged(phase, status, limitExceeded, error).thenRun(() -> {
                if (status == PhaseInstance.Status.TERMINATED) {
                    // the phase's statistics are final now (Statistics.end() was applied): collect
                    // everything, including the last, partial interval, before Hyperfoil prunes them
                    synchronized (statsLock) {
                        visitStatistics(phase, this::collect);
                    }
                    instances.get(phase.name()).setStatsComplete();
                }
                statusLock.lock();
                try {
                    statusCondition.signalAll();
                } finally {
                    statusLock.unlock();
                }
            });
        }

        private void tick() {
            try {
                cpu.sample();
                StatisticsSnapshot delta;
                synchronized (statsLock) {
                    visitStatistics(this::collect);
                    delta = sinceLastTick;
                    sinceLastTick = new StatisticsSnapshot();
                }
                long start = phaseStartEpochMs();
                if (start > 0) {
                    long elapsedMs = System.currentTimeMillis() - start;
                    warmup.onTick(elapsedMs);
                    listener.onTick(elapsedMs, delta, completions);
                }
            } catch (Throwable t) {
                asyncErrors.add(t);
                LogManager.getLogger(HyperfoilRun.class).error("statistics tick failed", t);
            }
        }

        /** Called with statsLock held. */
        private void collect(SessionStatistics sessionStatistics) {
            for (int i = 0; i < sessionStatistics.size(); i++) {
                if (!PHASE.equals(sessionStatistics.phase(i).name())) {
                    continue;
                }
                for (Map.Entry<String, Statistics> metric : sessionStatistics.stats(i).entrySet()) {
                    metric.getValue().visitSnapshots(snapshot -> collect(metric.getKey(), snapshot));
                }
            }
        }

        /** Called with statsLock held, with a live snapshot Hyperfoil resets right after: copy it. */
        private void collect(String metric, StatisticsSnapshot snapshot) {
            int seq = snapshot.sequenceId;
            if (seq >= 0 && !spec.request().calls().isEmpty()) {
                // a mix's requests each under their own metric (RequestMix): their own window too
                byRequest.computeIfAbsent(metric, m -> new TreeMap<>()).computeIfAbsent(seq, s -> {
                    StatisticsSnapshot merged = new StatisticsSnapshot();
                    merged.sequenceId = s;
                    return merged;
                }).add(snapshot);
            }
            if (seq < 0) {
                return;
            }
            long startTs = snapshot.histogram.getStartTimeStamp();
            if (statsStartEpochMs <= 0 && startTs > 0 && startTs != Long.MAX_VALUE) {
                statsStartEpochMs = startTs - seq * INTERVAL_MS;
            }
            StatisticsSnapshot merged = intervals.get(seq);
            if (merged == null) {
                merged = new StatisticsSnapshot();
                merged.sequenceId = seq;
                intervals.put(seq, merged);
            }
            merged.add(snapshot);
            sinceLastTick.add(snapshot);
        }
    }
}
