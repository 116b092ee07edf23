package dev.loomlab.driver;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.time.Duration;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.DriverResult;
import dev.loomlab.load.Durations;
import dev.loomlab.load.InvalidLoadException;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The loomlab load driver: runs one cell (one URL, one load model) on Hyperfoil in this JVM and
 * writes {@code OUT/NAME.hlog} and {@code OUT/NAME.driver.json}. See driver/README.md.
 *
 * <p>Exit codes: 0 the run completed (whatever the target answered), 2 bad arguments or a
 * non-loopback target, 1 the driver failed.
 *
 * <p>This class must not touch any Hyperfoil/log4j class before {@link #main} has pointed log4j at
 * the driver's own configuration (Hyperfoil's jar ships a log4j2.xml that logs to stdout).
 */
@Command(name = "loomlab-driver", mixinStandardHelpOptions = true, versionProvider = DriverMain.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = "Loads one HTTP endpoint with Hyperfoil (closed model: --vus, open model: --rate, "
                + "a closed-model ramp: --ramp, a burst: --burst) and writes "
                + "OUT/NAME.hlog (HdrHistogram interval log, ns) and OUT/NAME.driver.json. "
                + "Progress: one JSON line per second on stdout; logs on stderr.")
public final class DriverMain implements Callable<Integer> {
    static final String LOG_CONFIG = "loomlab-driver-log4j2.xml";
    /** Strict: an unknown key, a duplicate key or a number that does not fit is refused, not guessed. */
    static final ObjectMapper REQUEST_JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                    DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    /** The flags a request file replaces. */
    private static final List<String> LOAD_OPTIONS = List.of("--url", "--method", "--body", "--content-type", "--vus", "--rate",
            "--burst", "--ramp", "--step-duration", "--max-sessions", "--connections", "--threads", "--warmup", "--warmup-max",
            "--duration", "--timeout", "--out", "--name", "--allow-remote-target");
    static final int MAX_RAMP_STEPS = 1000;
    /** Sessions of the burst's driver warm-up (see DriverWarmup). */
    static final int DRIVER_WARMUP_VUS = 100;
    private static final Set<String> LOG_LEVELS = Set.of("OFF", "FATAL", "ERROR", "WARN", "INFO", "DEBUG", "TRACE", "ALL");

    @Spec
    CommandSpec commandSpec;

    @Option(names = "--request", paramLabel = "FILE",
            description = "The whole run as JSON (what the lab writes: url, method, workload, window, timeout, outDir, name, ...); "
                    + "replaces the load options below.")
    Path requestFile;

    @Option(names = "--url", paramLabel = "URL",
            description = "Target, e.g. http://127.0.0.1:8080/block?ms=1000. Must be loopback unless --allow-remote-target.")
    String url;

    @Option(names = "--method", defaultValue = "GET", paramLabel = "METHOD", description = "HTTP method (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--body", paramLabel = "TEXT", description = "Request body (sent with --content-type).")
    String body;

    @Option(names = "--content-type", defaultValue = "application/json", paramLabel = "TYPE",
            description = "Content-Type of --body (default: ${DEFAULT-VALUE}).")
    String contentType;

    @Option(names = "--vus", paramLabel = "N",
            description = "Closed model: N sessions, each sending its next request as soon as the previous one answered; one connection each.")
    Integer vus;

    @Option(names = "--rate", paramLabel = "R",
            description = "Open model: constant arrival rate, requests per second (fixed inter-arrival time).")
    Double rate;

    @Option(names = "--burst", paramLabel = "N",
            description = "Burst: N requests fired at once (N sessions, one request each, connections opened beforehand); "
                    + "the run ends when the last one has completed or timed out. No warm-up, no window.")
    Integer burst;

    @Option(names = "--ramp", paramLabel = "FROM:TO:STEPS",
            description = "Closed-model ramp: STEPS levels of VUs from FROM to TO (linear), each for --step-duration, "
                    + "after --warmup at FROM VUs, on one connection set. Reports each level (\"levels\").")
    String ramp;

    @Option(names = "--step-duration", paramLabel = "DURATION",
            description = "Ramp: duration of each level, whole seconds (e.g. 10s).")
    String stepDuration;

    @Option(names = "--driver-warmup", defaultValue = "1s", paramLabel = "DURATION",
            description = "Burst: before the burst, warm the driver's own code for this long against a throw-away "
                    + "endpoint inside the driver (never the target), so that the N requests leave at once (0 = off; "
                    + "default: ${DEFAULT-VALUE}).")
    String driverWarmup;

    /** --driver-warmup, validated by {@link #toDriverSpec}. */
    private long driverWarmupMs;
    /** --ramp, read by {@link #toDriverSpec}: the VUs of each level, or null. */
    private int[] rampVus;
    private long stepMs;

    @Option(names = "--max-sessions", paramLabel = "N",
            description = "Open model: requests that may be in flight at once (Hyperfoil sessions; default: rate x timeout, "
                    + "at least 1000, at most 200000). When all are busy, arrivals are delayed and show as \"unsent\".")
    Integer maxSessions;

    @Option(names = "--connections", paramLabel = "N",
            description = "HTTP/1.1 connections, all opened before the load starts (default: --vus; open model: "
                    + "--max-sessions, at most 8000). A request waiting for a free connection counts that wait in its latency.")
    Integer connections;

    @Option(names = "--threads", paramLabel = "N",
            description = "Hyperfoil event-loop threads (default: available processors, at most the connections).")
    Integer threads;

    @Option(names = "--warmup", defaultValue = "10s", paramLabel = "DURATION",
            description = "Warm-up before the measurement window (500ms, 10s, 2m, plain number = seconds; default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--warmup-max", paramLabel = "DURATION",
            description = "A settling warm-up: --warmup is its floor, and it lasts until the 2xx completions per second have "
                    + "settled (their trend over the last 8 s within 5 % of their mean), at most this long; whole seconds.")
    String warmupMax;

    @Option(names = "--duration", defaultValue = "30s", paramLabel = "DURATION",
            description = "Measurement window, at least 1s (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--timeout", defaultValue = "60s", paramLabel = "DURATION",
            description = "Request timeout; a request that gets no response in time is counted as a timeout "
                    + "(at most 60s; 10m for --burst; default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--out", defaultValue = ".", paramLabel = "DIR", description = "Output directory (default: current directory).")
    Path out;

    @Option(names = "--name", defaultValue = "driver", paramLabel = "CELL",
            description = "Cell name: files are DIR/CELL.hlog and DIR/CELL.driver.json (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--allow-remote-target", description = "Allow a non-loopback target host.")
    boolean allowRemoteTarget;

    @Option(names = "--log-level", defaultValue = "WARN", paramLabel = "LEVEL",
            description = "Level of the driver's and Hyperfoil's log on stderr (default: ${DEFAULT-VALUE}).")
    String logLevel;

    /** Where progress JSON goes: the process's real stdout (System.out is pointed at stderr). */
    private final PrintStream progressOut;

    DriverMain(PrintStream progressOut) {
        this.progressOut = progressOut;
    }

    public static void main(String[] args) {
        // stdout carries only the JSON protocol: anything a library prints goes to stderr instead
        PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(stderr);
        System.setErr(stderr);
        if (System.getProperty("log4j2.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", LOG_CONFIG);
        }
        System.exit(run(stdout, stderr, args));
    }

    static int run(PrintStream stdout, PrintStream stderr, String... args) {
        CommandLine cmd = new CommandLine(new DriverMain(stdout));
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        cmd.setParameterExceptionHandler((ex, a) -> {
            stderr.println("loomlab-driver: error: " + oneLine(ex.getMessage()) + " (see --help)");
            return CommandLine.ExitCode.USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, c, parseResult) -> {
            // an expected failure (DriverException) is one line; anything else also gets its stack
            // trace, before the one-line message so that the last line of stderr is the reason
            if (!(ex instanceof DriverException) || Boolean.getBoolean("loomlab.driver.stackTraces")) {
                ex.printStackTrace(stderr);
            }
            stderr.println("loomlab-driver: failed: " + oneLine(describe(ex)));
            return CommandLine.ExitCode.SOFTWARE;
        });
        return cmd.execute(args);
    }

    private static String describe(Throwable t) {
        String msg = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
        if (!(t instanceof DriverException) && t.getMessage() != null) {
            msg = t.getClass().getSimpleName() + ": " + msg;
        }
        return msg;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", "; ").trim();
    }

    private ParameterException usage(String message) {
        return new ParameterException(commandSpec.commandLine(), message);
    }

    /**
     * The run: from {@code --request FILE}, or built from the flags; either way the one validation is the
     * {@link DriverRequest}'s. Throws a ParameterException (exit 2) on bad input.
     */
    DriverSpec toDriverSpec() {
        if (!LOG_LEVELS.contains(logLevel.toUpperCase(Locale.ROOT))) {
            throw usage("unknown --log-level '" + logLevel + "' (allowed: OFF, ERROR, WARN, INFO, DEBUG, TRACE)");
        }
        DriverRequest request;
        try {
            request = requestFile != null ? readRequest(requestFile) : requestFromFlags();
        } catch (InvalidLoadException e) {
            throw usage(e.getMessage());
        }
        if (!(request.workload() instanceof Workload.Burst) && matched("--driver-warmup")) {
            throw usage("--driver-warmup applies to --burst only (the other shapes have --warmup)");
        }
        driverWarmupMs = durationArg("--driver-warmup", driverWarmup);
        Target target;
        try {
            target = Target.parse(request.url(), request.allowRemoteTarget());
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        return DriverSpec.of(request, target, rampVus, stepMs);
    }

    /** {@code --request FILE}: the lab's way in; the load flags are not mixed in. */
    private DriverRequest readRequest(Path file) {
        List<String> mixed = LOAD_OPTIONS.stream().filter(this::matched).toList();
        if (!mixed.isEmpty()) {
            throw usage("--request holds the whole run: drop " + String.join(", ", mixed));
        }
        try {
            DriverRequest request = REQUEST_JSON.readValue(file.toFile(), DriverRequest.class);
            if (request.calls().isEmpty()) {
                return request;
            }
            // The lab writes a credential header, and each value it draws, as **** and gives them in the environment.
            return request.sending(RequestSecrets.restored(request.calls(), System::getenv, REQUEST_JSON), request.tls());
        } catch (InvalidLoadException e) {
            throw usage("--request " + file + ": " + e.getMessage());
        } catch (ValueInstantiationException e) {
            throw usage("--request " + file + ": " + (e.getCause() instanceof InvalidLoadException i ? i.getMessage() : e.getOriginalMessage()));
        } catch (JacksonException e) {
            throw usage("--request " + file + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw usage("--request: cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The flags of a person running the driver by hand, as the request the lab would have written. */
    private DriverRequest requestFromFlags() {
        if (url == null) {
            throw usage("give --url (or --request FILE)");
        }
        int shapes = (vus != null ? 1 : 0) + (rate != null ? 1 : 0) + (burst != null ? 1 : 0) + (ramp != null ? 1 : 0);
        if (shapes != 1) {
            throw usage("give exactly one of --vus (closed model), --rate (open model), --ramp (closed-model ramp) or --burst");
        }
        if (stepDuration != null && ramp == null) {
            throw usage("--step-duration applies to --ramp only");
        }
        Workload workload;
        Window window;
        if (burst != null) {
            if (matched("--warmup") || matched("--duration") || warmupMax != null) {
                throw usage("--burst has no warm-up and no window: drop --warmup/--warmup-max/--duration (the run lasts until the last request completes)");
            }
            workload = new Workload.Burst(burst);
            window = Window.NONE;
        } else if (ramp != null) {
            rampVus = parseRamp(ramp);
            if (stepDuration == null) {
                throw usage("--ramp needs --step-duration (the duration of each level, e.g. 10s)");
            }
            if (matched("--duration")) {
                throw usage("--ramp measures STEPS x --step-duration: drop --duration");
            }
            if (warmupMax != null) {
                throw usage("--warmup-max applies to a steady load: a ramp's levels start at fixed seconds");
            }
            stepMs = durationArg("--step-duration", stepDuration);
            if (stepMs < 1000 || stepMs % 1000 != 0) {
                throw usage("--step-duration must be a whole number of seconds, at least 1s (statistics are kept per second), got '"
                        + stepDuration + "'");
            }
            long warmupMs = durationArg("--warmup", warmup);
            if (warmupMs % 1000 != 0) {
                throw usage("--warmup must be a whole number of seconds with --ramp (levels start on a statistics second), got '"
                        + warmup + "'");
            }
            workload = new Workload.Closed(Arrays.stream(rampVus).max().getAsInt());
            window = new Window(Duration.ofMillis(warmupMs), Duration.ofMillis(stepMs * rampVus.length));
        } else {
            workload = vus != null ? new Workload.Closed(vus) : new Workload.Open(rate);
            Duration floor = Durations.parse("--warmup", warmup);
            window = new Window(floor, Durations.parse("--duration", duration),
                    warmupMax == null ? floor : Durations.parse("--warmup-max", warmupMax));
        }
        return new DriverRequest(url, method, body, contentType, workload, window, Durations.parse("--timeout", timeout), maxSessions,
                connections, threads, allowRemoteTarget, out.toString(), name);
    }

    private boolean matched(String option) {
        CommandLine.ParseResult pr = commandSpec == null ? null : commandSpec.commandLine().getParseResult();
        return pr != null && pr.hasMatchedOption(option);
    }

    /** FROM:TO:STEPS, linear; FROM and TO at least 1, STEPS at least 1 (1 step needs FROM = TO). */
    private int[] parseRamp(String value) {
        String[] parts = value.trim().split(":");
        if (parts.length != 3) {
            throw usage("--ramp must be FROM:TO:STEPS (e.g. 100:1000:10), got '" + value + "'");
        }
        int from;
        int to;
        int steps;
        try {
            from = Integer.parseInt(parts[0].trim());
            to = Integer.parseInt(parts[1].trim());
            steps = Integer.parseInt(parts[2].trim());
        } catch (NumberFormatException e) {
            throw usage("--ramp must be FROM:TO:STEPS with whole numbers (e.g. 100:1000:10), got '" + value + "'");
        }
        if (from < 1 || to < 1) {
            throw usage("--ramp: FROM and TO must be at least 1 VU, got '" + value + "'");
        }
        if (steps < 1 || steps > MAX_RAMP_STEPS) {
            throw usage("--ramp: STEPS must be between 1 and " + MAX_RAMP_STEPS + ", got '" + value + "'");
        }
        if (steps == 1 && from != to) {
            throw usage("--ramp: one step needs FROM = TO, got '" + value + "'");
        }
        return RampGate.linear(from, to, steps);
    }

    private long durationArg(String option, String value) {
        try {
            return Durations.parse(option, value).toMillis();
        } catch (InvalidLoadException e) {
            throw usage(e.getMessage());
        }
    }

    @Override
    public Integer call() throws Exception {
        DriverSpec spec = toDriverSpec();
        String level = logLevel.toUpperCase(Locale.ROOT);
        System.setProperty("loomlab.driver.logLevel", level);
        boolean longBurst = spec.isBurst() && spec.timeoutMs() > WindowSummary.HIGHEST_TRACKABLE_NS / 1_000_000;
        // a long burst keeps its own 1-hour histogram; Hyperfoil's (1 minute) would warn at every long response
        System.setProperty("loomlab.driver.statisticsLogLevel",
                longBurst && Set.of("WARN", "INFO", "DEBUG", "TRACE", "ALL").contains(level) ? "ERROR" : level);
        if (Set.of("INFO", "DEBUG", "TRACE", "ALL").contains(level)) {
            System.setProperty("loomlab.driver.perEventLogLevel", level);
        }
        Path dir = Path.of(spec.request().outDir()).toAbsolutePath().normalize();
        Files.createDirectories(dir);
        Path hlog = ResultFiles.hlogPath(dir, spec.request().name());
        Path json = ResultFiles.jsonPath(dir, spec.request().name());

        ProgressPrinter progress = new ProgressPrinter(progressOut, spec);
        System.err.println("loomlab-driver: " + spec.describe() + "; warm-up " + spec.warmupMs() + " ms, window "
                + spec.durationMs() + " ms, timeout " + spec.timeoutMs() + " ms, " + spec.connections() + " connections, "
                + spec.threads() + " threads");
        if (spec.isBurst()) {
            long ms = driverWarmupMs;
            if (ms > 0) {
                long t0 = System.nanoTime();
                try {
                    DriverWarmup.run(spec, Math.min(spec.burst(), DRIVER_WARMUP_VUS), ms);
                    System.err.println("loomlab-driver: driver warm-up (in-JVM endpoint, not the target) took "
                            + (System.nanoTime() - t0) / 1_000_000 + " ms");
                } catch (RuntimeException | IOException e) {
                    // only the send spread suffers (see diagnostics.sendSpreadMs): not a reason to fail the run
                    System.err.println("loomlab-driver: warning: driver warm-up failed, the burst runs cold: " + e);
                }
            }
        }
        HyperfoilRun.Result result = HyperfoilRun.run(spec, progress);
        List<Throwable> errors = result.warnings();
        if (result.phaseStartEpochMs() <= 0) {
            throw new DriverException("the load phase never started" + (errors.isEmpty() ? "" : ": " + errors.get(0)));
        }
        // Hyperfoil's watchdogs (event-loop jitter, CPU) report through the runner's error handler
        // after logging the same message: count them, do not repeat them.

        DriverResult doc;
        long errorCount;
        if (spec.isBurst()) {
            BurstSummary b = new BurstSummary(spec, result);
            // the CPU of the burst itself: from the phase start (connections are open) to the last completion
            double cpuS = result.cpu().cpuSecondsBetween(result.phaseStartEpochMs(), Math.max(result.phaseStartEpochMs(),
                    b.lastCompletionEpochMs));
            doc = ResultFiles.burstJson(b, cpuS, errors.size());
            errorCount = b.all.errors();
            ResultFiles.writeBurstHlog(hlog, b);
        } else {
            WindowSummary w = new WindowSummary(spec, result, result.phaseEndEpochMs());
            List<WindowSummary> levels = null;
            if (spec.isRamp()) {
                levels = new ArrayList<>();
                for (int k = 0; k < spec.rampVus().length; k++) {
                    levels.add(new WindowSummary(spec, result, result.phaseEndEpochMs(), spec.levelFirstInterval(k),
                            spec.levelFirstInterval(k + 1)));
                }
            }
            double cpuS = result.cpu().cpuSecondsBetween(w.measureStartEpochMs, w.measureEndEpochMs);
            if (result.sessionLimitExceeded()) {
                System.err.println("loomlab-driver: warning: all " + spec.maxSessions() + " sessions were busy at times; "
                        + "arrivals were delayed (see \"unsent\"); raise --max-sessions");
            }
            doc = ResultFiles.json(w, cpuS, result.sessionLimitExceeded(), errors.size(), levels, result.warmupEnded(), result.compiler());
            errorCount = w.errors();
            ResultFiles.writeHlog(hlog, w);
            if (!result.byRequest().isEmpty()) {
                Map<String, WindowSummary> byRequest = new LinkedHashMap<>();
                for (String name : result.byRequest().keySet()) {
                    byRequest.put(name, new WindowSummary(spec, result.of(name), result.phaseEndEpochMs()));
                }
                ResultFiles.writeRequests(json.resolveSibling(spec.request().name() + ".requests.driver.json"), byRequest);
            }
        }
        ResultFiles.writeJson(json, doc);

        Map<String, Object> done = new LinkedHashMap<>();
        done.put("phase", "done");
        done.put("elapsedS", ResultFiles.round3((System.currentTimeMillis() - result.phaseStartEpochMs()) / 1000.0));
        done.put("durationS", doc.durationS());
        done.put("tps", doc.tps());
        done.put("requests", doc.requests());
        done.put("errors", errorCount);
        done.put("p50Ms", doc.p50Ms());
        done.put("p99Ms", doc.p99Ms());
        done.put("tpsByStart", doc.tpsByStart());
        if (spec.isBurst()) {
            done.put("wallTimeMs", doc.wallTimeMs());
        }
        done.put("json", json.toString());
        done.put("hlog", hlog.toString());
        progress.done(done);
        return CommandLine.ExitCode.OK;
    }

    /** --version: the driver and engine versions. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = DriverMain.class.getPackage().getImplementationVersion();
            return new String[] {"loomlab-driver " + (v == null ? "dev" : v) + " (hyperfoil " + HyperfoilRun.hyperfoilVersion()
                    + ", java " + System.getProperty("java.vm.version") + ")"};
        }
    }
}
