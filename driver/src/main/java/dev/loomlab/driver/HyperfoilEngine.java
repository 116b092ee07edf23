package dev.loomlab.driver;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
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

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.api.config.SessionLimitPolicy;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.api.statistics.SessionStatistics;
import io.hyperfoil.api.statistics.Statistics;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.SimulationRunner;
import io.hyperfoil.http.api.FollowRedirect;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.HttpPluginBuilder;
import io.hyperfoil.http.steps.HttpRequestStepBuilder;
import io.hyperfoil.http.steps.HttpStepCatalog;
import io.vertx.core.AsyncResult;
import org.apache.logging.log4j.LogManager;

/**
 * Runs one {@link LoadSpec} on Hyperfoil, in this JVM, as a single continuous phase of
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
 * terminates; this engine drives the public {@link SimulationRunner} API itself (the same loop)
 * so that it can also read the statistics every second for live progress.
 */
final class HyperfoilEngine {
    static final String PHASE = "load";
    static final long INTERVAL_MS = 1000;
    /** Extra time after phase end + request timeout before in-flight requests are abandoned. */
    static final long DRAIN_GRACE_MS = 5_000;
    private static final long CONNECT_WAIT_MS = 60_000;

    /** Called about once a second from the statistics thread. */
    interface TickListener {
        /**
         * @param elapsedMs  time since the phase started
         * @param newlyDone  requests that completed (any outcome) and were published since the last tick
         */
        void onTick(long elapsedMs, StatisticsSnapshot newlyDone);
    }

    /** Everything a run produced. */
    record Result(
            long phaseStartEpochMs,
            long phaseEndEpochMs,
            NavigableMap<Integer, StatisticsSnapshot> intervals,
            CpuSampler cpu,
            boolean sessionLimitExceeded,
            List<Throwable> warnings) {
    }

    private HyperfoilEngine() {
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
        String v = io.hyperfoil.api.Version.VERSION;
        return v == null || v.equals("unknown") ? "0.25.2" : v;
    }

    static Benchmark buildBenchmark(LoadSpec spec) {
        BenchmarkBuilder bb = BenchmarkBuilder.builder()
                .name("loomlab-driver")
                .threads(spec.threads());
        bb.addPlugin(HttpPluginBuilder::new).http()
                .host(spec.target().host())
                .port(spec.target().port())
                .allowHttp2(false)
                .sharedConnections(spec.connections())
                .requestTimeout(spec.timeoutMs());

        PhaseBuilder<?> phase;
        if (spec.closed()) {
            phase = bb.addPhase(PHASE).always(spec.vus());
        } else {
            phase = bb.addPhase(PHASE).constantRate(0)
                    .usersPerSec(spec.rate())
                    // fixed (metronome) inter-arrival times, like k6's constant-arrival-rate
                    .variance(false)
                    .maxSessions(spec.maxSessions())
                    // do not fail the run when all sessions are busy: the arrival is delayed
                    // until a session frees up, and the shortfall shows as "unsent"
                    .sessionLimitPolicy(SessionLimitPolicy.CONTINUE);
        }
        long phaseMs = spec.warmupMs() + spec.durationMs();
        phase.duration(phaseMs).maxDuration(phaseMs + spec.timeoutMs() + DRAIN_GRACE_MS);

        HttpRequestStepBuilder request = phase.scenario()
                .initialSequence("request")
                .step(HttpStepCatalog.SC)
                .httpRequest(HttpMethod.valueOf(spec.method()))
                .path(spec.target().pathAndQuery())
                .metric("request");
        if (spec.body() != null) {
            request.body(spec.body());
            request.headers().header("content-type", spec.contentType());
        }
        // Count every status; never stop a session or follow a redirect because of one.
        request.handler()
                .autoRangeCheck(false)
                .stopOnInvalid(false)
                .followRedirect(FollowRedirect.NEVER);
        return bb.build();
    }

    static Result run(LoadSpec spec, TickListener listener) throws InterruptedException {
        Benchmark benchmark = buildBenchmark(spec);
        Runner runner = new Runner(benchmark, listener);
        runner.runToCompletion();
        PhaseInstance instance = runner.instance();
        Throwable phaseError = instance != null && instance.getError() != null ? instance.getError() : runner.phaseError;
        if (phaseError != null) {
            throw new DriverException("the Hyperfoil phase failed: " + phaseError, phaseError);
        }
        List<Throwable> warnings = new ArrayList<>(runner.asyncErrors);
        long start = runner.phaseStartEpochMs();
        return new Result(start, runner.phaseEndEpochMs, Collections.unmodifiableNavigableMap(runner.intervals), runner.cpu,
                runner.sessionLimitExceeded, warnings);
    }

    /** Drives one Hyperfoil phase and collects its statistics, per interval. */
    private static final class Runner extends SimulationRunner {
        private final ConcurrentLinkedQueue<Throwable> asyncErrors;
        private final TickListener listener;
        private final Lock statusLock = new ReentrantLock();
        private final Condition statusCondition = statusLock.newCondition();
        private final Object statsLock = new Object();
        private final NavigableMap<Integer, StatisticsSnapshot> intervals = new TreeMap<>();
        private final CpuSampler cpu = new CpuSampler();
        private StatisticsSnapshot sinceLastTick = new StatisticsSnapshot();
        private volatile long statsStartEpochMs = -1;
        private volatile boolean sessionLimitExceeded;
        private volatile Throwable phaseError;
        /** When the phase stopped starting new requests (FINISHED), or -1. */
        private volatile long phaseEndEpochMs = -1;

        Runner(Benchmark benchmark, TickListener listener) {
            this(benchmark, listener, new ConcurrentLinkedQueue<>());
        }

        private Runner(Benchmark benchmark, TickListener listener, ConcurrentLinkedQueue<Throwable> errors) {
            super(benchmark, "loomlab-" + ProcessHandle.current().pid(), 0, errors::add);
            this.asyncErrors = errors;
            this.listener = listener;
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
            CountDownLatch connected = new CountDownLatch(1);
            AtomicReference<AsyncResult<Void>> connectResult = new AtomicReference<>();
            openConnections(result -> {
                connectResult.set(result);
                connected.countDown();
            });
            ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
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
                ticker.scheduleAtFixedRate(this::tick, INTERVAL_MS, INTERVAL_MS, TimeUnit.MILLISECONDS);
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
                    if (phase.status() == PhaseInstance.Status.RUNNING && phase.absoluteStartTime() + def.duration() <= now) {
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
                    }
                }
                long next = Long.MAX_VALUE;
                for (PhaseInstance phase : instances.values()) {
                    Phase def = phase.definition();
                    if (phase.status() == PhaseInstance.Status.RUNNING) {
                        next = Math.min(next, phase.absoluteStartTime() + def.duration());
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
                    listener.onTick(System.currentTimeMillis() - start, delta);
                }
            } catch (Throwable t) {
                asyncErrors.add(t);
                LogManager.getLogger(HyperfoilEngine.class).error("statistics tick failed", t);
            }
        }

        /** Called with statsLock held. */
        private void collect(SessionStatistics sessionStatistics) {
            for (int i = 0; i < sessionStatistics.size(); i++) {
                if (!PHASE.equals(sessionStatistics.phase(i).name())) {
                    continue;
                }
                for (Statistics statistics : sessionStatistics.stats(i).values()) {
                    statistics.visitSnapshots(this::collect);
                }
            }
        }

        /** Called with statsLock held, with a live snapshot Hyperfoil resets right after: copy it. */
        private void collect(StatisticsSnapshot snapshot) {
            int seq = snapshot.sequenceId;
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
