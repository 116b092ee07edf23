package dev.loomlab.lab.load;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import dev.loomlab.lab.server.StartupCache;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.load.Draw;
import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.DriverResult;
import dev.loomlab.load.SecretHeaders;
import dev.loomlab.load.SecretValues;
import dev.loomlab.load.TargetHost;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Hyperfoil, run as its own JVM ({@code driver/}): its netty / vert.x / log4j stack is old and
 * must not share a classpath with anything else, and its CPU must be accounted apart from the
 * server's. The lab writes the cell's {@link DriverRequest} next to its results and hands the driver that file;
 * the driver prints a JSON progress line a second and writes its {@link DriverResult}.
 */
public final class HyperfoilEngine implements LoadEngine {
    /** The lab's own engine: every shape and the split topology, as one driver (load agents are k6's: {@link K6Agents}). */
    public static final EngineType TYPE = EngineType.of("hyperfoil", EnumSet.complementOf(EnumSet.of(EngineType.Capability.AGENTS)),
            () -> Files.isRegularFile(LabHome.root().resolve("driver/target/loomlab-driver.jar")),
            () -> "the hyperfoil driver is not built: run ./loomlab build",
            Optional::empty,
            (jdk, cpus) -> {
                LabHome.driverJar();
                return new HyperfoilEngine(jdk, cpus);
            });

    /** The request and the result: the records both sides share, read strictly so that a drift fails loudly. */
    static final JsonMapper WIRE = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final Jdk jdk;
    private final CpuLayout cpus;
    private final List<String> launchPrefix;

    public HyperfoilEngine(Jdk jdk, CpuLayout cpus) {
        this(jdk, cpus, List.of());
    }

    /** @param launchPrefix put before the pinned command, e.g. {@code ip netns exec NAME} for a driver namespace */
    public HyperfoilEngine(Jdk jdk, CpuLayout cpus, List<String> launchPrefix) {
        this.jdk = jdk;
        this.cpus = cpus;
        this.launchPrefix = List.copyOf(launchPrefix);
    }

    @Override
    public String id() {
        return "hyperfoil";
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        Process process = launch(spec, request(spec));
        listener.engineStarted(process.pid());
        return await(spec, process, line -> DriverProgress.report(line, listener));
    }

    /**
     * The driver started now, ahead of its server: it builds its load and waits for the connect gate, then, connected,
     * for the start gate.
     */
    @Override
    public PreparedLoad prepare(LoadSpec spec) {
        DriverGates gates = DriverGates.beside(spec.log());
        gates.delete();
        Process process = launch(spec, request(spec).connectingWhen(gates.connect().toString()).startingAt(gates.start().toString()));
        return new DriverAheadOfTarget(spec, process, gates);
    }

    /** The driver's JVM and its options, up to its jar: as every cell starts it and as its start-up cache is recorded. */
    List<String> jvm() {
        List<String> command = new ArrayList<>(List.of(jdk.java().toString(), "-Xms" + Defaults.DRIVER_HEAP, "-Xmx" + Defaults.DRIVER_HEAP));
        if (jdk.feature() >= 24) {
            // Hyperfoil's netty uses sun.misc.Unsafe and native access; JDK 24+ warns or refuses without these.
            command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"));
        }
        return command;
    }

    private Process launch(LoadSpec spec, DriverRequest request) {
        List<String> command = jvm();
        Path requestFile = requestFile(spec.log());
        command.addAll(DriverStartupCache.launch(jdk, cpus, List.copyOf(command), StartupCache.root()));
        command.addAll(List.of("--request", requestFile.toString()));
        try {
            Files.createDirectories(spec.outDir());
            Files.createDirectories(spec.log().getParent());
            Files.writeString(requestFile, recorded(request));
            List<String> launch = new ArrayList<>(launchPrefix);
            launch.addAll(Taskset.prefix(cpus, cpus.driver(), command));
            ProcessBuilder builder = new ProcessBuilder(launch).redirectError(spec.log().toFile());
            builder.environment().putAll(secretEnvironment(request));
            return Children.start(builder);
        } catch (IOException e) {
            throw new LoadException("cannot launch the hyperfoil driver: " + e.getMessage());
        }
    }

    /**
     * The driver's request file as it stays in the run folder for the record: each credential header's value, and each
     * value such a header draws from, {@code ****} ({@link #secretEnvironment} carries them).
     */
    static String recorded(DriverRequest request) {
        return WIRE.writerWithDefaultPrettyPrinter().writeValueAsString(request.sending(SecretHeaders.masked(request.calls()), request.tls()));
    }

    /** What the request file leaves out, for the driver's environment, which only the lab's user can read. */
    static Map<String, String> secretEnvironment(DriverRequest request) {
        Map<String, String> environment = new LinkedHashMap<>();
        Map<String, Map<String, String>> headers = SecretHeaders.values(request.calls());
        if (!headers.isEmpty()) {
            environment.put(SecretHeaders.ENV, WIRE.writeValueAsString(headers));
        }
        Map<String, Map<String, Draw>> drawn = SecretValues.values(request.calls());
        if (!drawn.isEmpty()) {
            environment.put(SecretValues.ENV, WIRE.writeValueAsString(drawn));
        }
        return environment;
    }

    static LoadResult await(LoadSpec spec, Process process, Consumer<String> onLine) {
        try {
            int exit = EngineWatch.await("the hyperfoil driver", process, process.getInputStream(), spec, onLine);
            if (exit != 0) {
                throw new LoadException("the hyperfoil driver exited with " + exit + ": " + lastLines(spec.log()));
            }
        } finally {
            Children.stop(process, Duration.ofSeconds(5));
        }
        return read(spec.outDir().resolve(spec.name() + ".driver.json"));
    }

    /**
     * Beside the driver's log ({@code x.driver.log} → {@code x.driver-request.json}): the run's record of what was
     * asked, kept out of the cell folders, whose JSON files are cells.
     */
    static Path requestFile(Path log) {
        return besideLog(log, "-request.json");
    }

    /** A file beside the driver's log, named after it: {@code x.driver.log} and {@code -start} → {@code x.driver-start}. */
    static Path besideLog(Path log, String suffix) {
        String n = log.getFileName().toString();
        return log.resolveSibling((n.endsWith(".log") ? n.substring(0, n.length() - 4) : n) + suffix);
    }

    /** What the driver is asked to do: the cell's load as it is, nothing re-spelled. */
    static DriverRequest request(LoadSpec spec) {
        DriverRequest request = DriverRequest.of(spec.url(), spec.method(), spec.workload(), spec.window(), spec.requestTimeout(),
                spec.outDir().toString(), spec.name());
        request = request.sending(spec.calls(), spec.tls()).shaped(spec.spike(), spec.ramp());
        // The lab has judged the target by the rule the driver keeps too (TargetHost) before the run started: a host
        // that is not loopback reached the load because it is a namespace the lab made here (the split topology,
        // which only the lab can tell) or because the user allowed remote targets. Either way the driver is told so.
        return remote(spec.url()) ? request.allowingRemoteTarget() : request;
    }

    private static boolean remote(String url) {
        try {
            return !TargetHost.isLocal(URI.create(url).getHost(), a -> false);
        } catch (IllegalArgumentException unknownHost) {
            // The driver says so in its own words.
            return false;
        }
    }

    /** The driver's {@code .driver.json}, as the driver wrote it. */
    static DriverResult result(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new LoadException("the hyperfoil driver wrote no result at " + file);
        }
        try {
            return WIRE.readValue(file.toFile(), DriverResult.class);
        } catch (JacksonException e) {
            throw new LoadException("cannot read the hyperfoil driver's result " + file + ": " + e.getOriginalMessage());
        }
    }

    /**
     * The open model's schedule as one driver kept it; empty for a closed model, for another engine's window and for the
     * merged result of several drivers (which has none). Read on its own: a merged result is not a driver's whole result.
     */
    public static Optional<DriverResult.Schedule> schedule(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = WIRE.readTree(file.toFile()).path("schedule");
            return node.isObject() ? Optional.of(WIRE.treeToValue(node, DriverResult.Schedule.class)) : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    /**
     * How one driver's warm-up ended and how long it was, with its per-second series; empty for a burst, a ramp, another
     * engine's window and a merged result of several drivers (none has it).
     */
    public static Optional<Warmed> warmed(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode root = WIRE.readTree(file.toFile());
            JsonNode node = root.path("settling");
            return node.isObject() ? Optional.of(new Warmed(root.path("warmupS").asDouble(),
                    WIRE.treeToValue(node, DriverResult.Settling.class))) : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    /** A driver's warm-up: how long it lasted and how it ended. */
    public record Warmed(double warmupS, DriverResult.Settling settling) {
    }

    static LoadResult read(Path file) {
        DriverResult r = result(file);
        Map<String, Long> errors = new LinkedHashMap<>();
        errors.put("connect", r.errors().connect());
        errors.put("timeout", r.errors().timeout());
        errors.put("status4xx", r.errors().status4xx());
        errors.put("status5xx", r.errors().status5xx());
        errors.put("other", r.errors().other());
        return new LoadResult(r.engine(), r.engineVersion(), r.durationS(), r.requests(), r.ok(), r.tps(),
                new Latencies(r.p50Ms(), r.p90Ms(), r.p99Ms(), r.p999Ms(), r.maxMs(), r.meanMs()), errors, r.requestedRate(), r.achievedRate(), r.unsent(), r.driverCpuS(),
                r.driverJvm(), r.wallTimeMs(), timeline(r));
    }

    /** The driver's own instants: its phase's start, which is the warm-up's, and its window. */
    private static Optional<LoadTimeline> timeline(DriverResult r) {
        long loadStart = r.diagnostics() == null ? 0 : r.diagnostics().phaseStartEpochMs();
        if (loadStart <= 0 || r.measureStartEpochMs() < loadStart || r.measureEndEpochMs() < r.measureStartEpochMs()) {
            return Optional.empty();
        }
        return Optional.of(new LoadTimeline(Instant.ofEpochMilli(loadStart), Instant.ofEpochMilli(r.measureStartEpochMs()),
                Instant.ofEpochMilli(r.measureEndEpochMs())));
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no driver log)";
        }
    }
}
