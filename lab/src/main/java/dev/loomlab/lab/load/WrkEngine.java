package dev.loomlab.lab.load;

import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.json.JsonMapper;

/**
 * wrk 4.1.0 (C, epoll, one connection per virtual user, no think time): closed model only. Two
 * invocations, because wrk's histogram cannot be cut by time:
 * <ol>
 * <li>the warm-up: {@code wrk -d <warmup>} with the same connections (JIT and pools warm up; its
 *     figures are kept as {@code <name>.wrk-warmup.driver.json} and not counted);</li>
 * <li>the measured invocation, on NEW connections: a ramp ({@value #RAMP_LATENCIES} × the warm-up's
 *     mean latency, 1 s at least, at most the warm-up) lets the fresh closed loop settle, then the window.
 *     {@code wrk-cell.lua} counts the responses that complete inside the window — a closed loop
 *     counted from a cold start would miss about one latency's worth of responses (5 % of a 20 s
 *     window at 1 s per request). Latency percentiles are wrk's histogram of this invocation
 *     (ramp included), which wrk CO-corrects after the run: its tail is an estimate.</li>
 * </ol>
 * wrk is always given the plan's request timeout (its default 2 s would cut the seeds' 15–20 s
 * platform-thread responses).
 */
public final class WrkEngine extends NativeEngine {
    static final String ID = "wrk";
    /** The closed model only, one driver on the lab's host. */
    public static final EngineType TYPE = EngineType.of(ID, EnumSet.of(EngineType.Capability.CLOSED),
            () -> Engines.wrkBinary().isPresent(),
            () -> ID + " is not installed: " + Engines.installHint(ID),
            () -> Engines.wrkBinary().map(b -> new WrkEngine(b, CpuLayout.forCores(1, false)).version()),
            (jdk, cpus) -> new WrkEngine(Engines.wrkBinary().orElseThrow(), cpus));
    /** Appended to the version in every result: the report says tail percentiles are estimates. */
    public static final String CO_NOTE = "tail percentiles are CO-corrected estimates";
    static final long MIN_RAMP_MS = 1000;
    /**
     * The ramp in mean latencies of the warm-up. Fresh connections start together, so a closed
     * loop answers in bursts one latency apart for a while: two and a half latencies puts the
     * window's start between two bursts rather than on one.
     */
    static final double RAMP_LATENCIES = 2.5;
    /** wrk stops on a whole second after it started its threads: keep a margin after the window. */
    static final long TAIL_MS = 1000;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public WrkEngine(Path binary, CpuLayout cpus) {
        super(TYPE, binary, cpus);
    }

    /** {@code wrk 4.1.0 (tail percentiles are CO-corrected estimates)}, from {@code wrk -v}. */
    @Override
    String readVersion() {
        String v = versionLine("-v")
                .map(line -> line.replaceFirst("^wrk (?:\\S+/)?(\\d+(?:\\.\\d+)*)\\S*.*$", "$1"))
                .orElse("(unknown version)");
        return "wrk " + v + " (" + CO_NOTE + ")";
    }

    /** wrk's connections: the closed model's VUs; the other shapes are refused as the catalogue words it. */
    private static int vus(LoadSpec spec) {
        return switch (spec.workload()) {
            case Workload.Closed c -> c.vus();
            case Workload.Open o -> throw EngineCatalog.refused(ID, spec);
            case Workload.Burst b -> throw EngineCatalog.refused(ID, spec);
        };
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        requireRunnable(spec);
        int vus = vus(spec);
        Path lua = spec.outDir().resolve(spec.name() + ".wrk.lua");
        try (InputStream in = WrkEngine.class.getResourceAsStream("/engines/wrk-cell.lua")) {
            if (in == null) {
                throw new LoadException("engines/wrk-cell.lua is missing from the lab's jar");
            }
            Files.createDirectories(spec.outDir());
            Files.copy(in, lua, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new LoadException("cannot write " + lua + ": " + e.getMessage());
        }
        String engineVersion = version();
        long started = System.currentTimeMillis();
        Live live = new Live(listener, spec, started);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("loomlab-wrk-progress").unstarted(r));
        ticker.scheduleAtFixedRate(live::tick, 1, 1, TimeUnit.SECONDS);
        try {
            long rampMs = MIN_RAMP_MS;
            if (!spec.warmup().isZero()) {
                Path warmupReport = spec.outDir().resolve(spec.name() + ".wrk-warmup.driver.json");
                invoke(spec, lua, seconds(spec.warmup().toMillis()), 0, 0, warmupReport, live);
                WrkReport warm = WrkReport.parse(JSON.readTree(warmupReport.toFile()));
                rampMs = Math.max(MIN_RAMP_MS, Math.min(Math.round(RAMP_LATENCIES * warm.meanMs()), spec.warmup().toMillis()));
            }
            live.newInvocation();
            long launch = System.currentTimeMillis();
            long windowStart = launch + rampMs;
            long windowEnd = windowStart + spec.duration().toMillis();
            live.window(windowStart, windowEnd);
            Path report = spec.outDir().resolve(spec.name() + ".wrk.driver.json");
            EngineProcess.Outcome outcome = invoke(spec, lua, seconds(rampMs + spec.duration().toMillis() + TAIL_MS),
                    windowStart, windowEnd, report, live);
            WrkReport measured = WrkReport.parse(JSON.readTree(report.toFile()));
            LoadResult result = measured.result(engineVersion, outcome.cpu().cpuSecondsBetween(windowStart, windowEnd));
            if (measured.recorded() > 0) {
                PercentileHistogram.write(spec.outDir(), spec.name(), measured.histogram(), windowStart, windowEnd, List.of(
                        "loomlab: engine=" + engineVersion + " url=" + spec.url() + " vus=" + vus,
                        "loomlab: wrk's histogram of the measured invocation (" + rampMs + " ms ramp on new connections + window),"
                                + " with wrk's coordinated-omission correction: the tail is an estimate"));
            }
            stop(ticker);
            listener.onProgress(new LoadProgress("done", (spec.warmup().toMillis() + spec.duration().toMillis()) / 1000.0,
                    result.tps(), result.requests(), result.requests() - result.ok()));
            return result;
        } finally {
            stop(ticker);
        }
    }

    private static void stop(ScheduledExecutorService ticker) {
        ticker.shutdownNow();
        try {
            ticker.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private EngineProcess.Outcome invoke(LoadSpec spec, Path lua, long durationS, long windowStart, long windowEnd,
                                         Path report, Live live) {
        try {
            Files.deleteIfExists(report);
        } catch (IOException e) {
            throw new LoadException("cannot replace " + report + ": " + e.getMessage());
        }
        int threads = Math.max(1, Math.min(count(driverCpus()), vus(spec)));
        List<String> args = List.of(
                "-c", String.valueOf(vus(spec)), "-t", String.valueOf(threads), "-d", durationS + "s",
                "--timeout", seconds(spec.requestTimeout().toMillis()) + "s", "--latency",
                "-s", lua.toAbsolutePath().toString(), spec.url(),
                "--", String.valueOf(windowStart), String.valueOf(windowEnd), report.toAbsolutePath().toString());
        // The Runner samples the engine's CPU beside the server's: the measured invocation's PID replaces the warm-up's.
        EngineProcess.Outcome outcome = launch(args, Map.of(), spec, live::line, live.listener);
        if (!Files.isRegularFile(report)) {
            throw new LoadException("wrk's script wrote no report at " + report + ": " + outcome.tail());
        }
        return outcome;
    }

    /** Whole seconds, rounded up: wrk reads durations in seconds. */
    static long seconds(long ms) {
        return Math.max(1, (ms + 999) / 1000);
    }

    static int count(String cpuList) {
        int n = 0;
        for (String part : cpuList.split(",")) {
            String[] ends = part.trim().split("-");
            n += ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
        }
        return n;
    }

    /** Live progress from the script's per-thread "loomlab-progress" lines, reported once a second. */
    private static final class Live {
        private final LoadProgress.Listener listener;
        private final LoadSpec spec;
        private final long started;
        private final Map<Integer, long[]> threads = new ConcurrentHashMap<>();
        private volatile long windowStart = Long.MAX_VALUE;
        private volatile long windowEnd = Long.MAX_VALUE;
        private long base;
        private long baseErrors;
        private long lastTotal;
        private long lastAt;

        Live(LoadProgress.Listener listener, LoadSpec spec, long started) {
            this.listener = listener;
            this.spec = spec;
            this.started = started;
            this.lastAt = started;
        }

        void line(String line) {
            if (!line.startsWith("loomlab-progress ")) {
                return;
            }
            String[] f = line.split(" ");
            if (f.length >= 5) {
                threads.put(Integer.parseInt(f[1]), new long[] {Long.parseLong(f[3]), Long.parseLong(f[4])});
            }
        }

        synchronized void newInvocation() {
            base += threads.values().stream().mapToLong(v -> v[0]).sum();
            baseErrors += threads.values().stream().mapToLong(v -> v[1]).sum();
            threads.clear();
        }

        void window(long start, long end) {
            windowStart = start;
            windowEnd = end;
        }

        /**
         * Reports the second's progress: worked out under the lock, handed to the listener outside it, since the
         * listener opens and closes the window (the sampler, HTTP calls to the downstream and the server).
         */
        void tick() {
            listener.onProgress(progress());
        }

        private synchronized LoadProgress progress() {
            long now = System.currentTimeMillis();
            long total = base + threads.values().stream().mapToLong(v -> v[0]).sum();
            long errors = baseErrors + threads.values().stream().mapToLong(v -> v[1]).sum();
            double tps = now > lastAt ? (total - lastTotal) * 1000.0 / (now - lastAt) : 0;
            lastTotal = total;
            lastAt = now;
            String phase = now < windowStart ? "warmup" : now < windowEnd ? "measure" : "drain";
            // Elapsed on the plan's clock: the window starts at warm-up seconds.
            double elapsed = now < windowStart ? Math.min((now - started) / 1000.0, spec.warmup().toMillis() / 1000.0)
                    : spec.warmup().toMillis() / 1000.0 + (now - windowStart) / 1000.0;
            return new LoadProgress(phase, elapsed, tps, total, errors);
        }
    }
}
