package dev.loomlab.lab.load;

import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.load.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/**
 * k6 (Grafana's Go load tool, the seeds' own driver) run as a native process per cell. The lab
 * generates the cell's script from {@code engines/k6-cell.js}: closed model = {@code constant-vus},
 * open model = {@code constant-arrival-rate}, one scenario covering warm-up and window (a spike adds one, a ramp makes
 * it {@code ramping-vus}: {@link K6Options}); only requests started inside the window are counted (see the template).
 * The result is read from the script's {@code handleSummary} JSON ({@code <name>.k6.driver.json}); see {@link K6Summary}.
 * In the open model its latencies come from k6's per-request samples instead, each timed from its true slot of the
 * schedule ({@link K6CellSamples}, {@link K6DroppedIterations}); a shaped load's ({@link LoadSpec#keepsSeconds()}) too,
 * kept second by second ({@link K6WindowFiles}).
 */
public final class K6Engine extends NativeEngine {
    public static final String ID = "k6";
    /**
     * Closed and open models, one process on the lab's host or one test split over load agents ({@link K6Agents}); a
     * spike and a ramp as scenarios of one process ({@link K6Options}).
     */
    public static final EngineType TYPE = EngineType.of(ID, EnumSet.of(EngineType.Capability.CLOSED, EngineType.Capability.OPEN,
                    EngineType.Capability.AGENTS, EngineType.Capability.EXACT_TAILS, EngineType.Capability.SPIKE,
                    EngineType.Capability.RAMP),
            () -> Engines.k6Binary().isPresent(),
            () -> ID + " is not installed: " + Engines.installHint(ID),
            () -> Engines.k6Binary().map(b -> new K6Engine(b, CpuLayout.forCores(1, false)).version()),
            (jdk, cpus) -> new K6Engine(Engines.k6Binary().orElseThrow(), cpus));
    private static final JsonMapper JSON = JsonMapper.builder().build();
    static final Pattern PROGRESS = Pattern.compile(
            "running \\((?:(\\d+)h)?(?:(\\d+)m)?([\\d.]+)s\\), .*?(\\d+) complete and (\\d+) interrupted");

    public K6Engine(Path binary, CpuLayout cpus) {
        super(TYPE, binary, cpus);
    }

    /** {@code k6 1.1.0}, from {@code k6 version}. */
    @Override
    String readVersion() {
        return versionLine("version")
                .map(v -> v.replaceFirst("^k6 v?(\\S+).*$", "k6 $1"))
                .orElse("k6 (unknown version)");
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        requireRunnable(spec);
        Path summary = spec.outDir().resolve(spec.name() + ".k6.driver.json").toAbsolutePath();
        Path script = spec.outDir().resolve(spec.name() + ".k6.js");
        Path samples = spec.outDir().resolve(spec.name() + ".k6.samples.csv").toAbsolutePath();
        try {
            Files.createDirectories(spec.outDir());
            Files.deleteIfExists(summary);
            Files.deleteIfExists(samples);
            Files.writeString(script, script(spec, summary));
        } catch (IOException e) {
            throw new LoadException("cannot write the k6 script " + script + ": " + e.getMessage());
        }
        String engineVersion = version();
        ProgressLines progress = new ProgressLines(spec, listener);
        List<String> args = new ArrayList<>(List.of("run", "--no-color", "--no-usage-report", "--address="));
        boolean samplesKept = spec.workload() instanceof Workload.Open || spec.keepsSeconds();
        if (samplesKept) {
            // the open model's latencies are corrected for the iterations k6 dropped (K6CellSamples), a shaped load's are
            // read second by second: both from k6's samples, which cost it CPU a steady closed load does not spend
            args.addAll(List.of("--out", "csv=" + samples));
        }
        args.add(script.toAbsolutePath().toString());
        EngineProcess.Outcome outcome = launch(args, Map.of("K6_NO_USAGE_REPORT", "true", "K6_CSV_TIME_FORMAT", "unix_micro"), spec,
                progress::accept, listener);
        if (!Files.isRegularFile(summary)) {
            throw new LoadException("k6 wrote no summary at " + summary + ": " + outcome.tail());
        }
        K6Summary parsed = K6Summary.parse(JSON.readTree(summary.toFile()), spec, engineVersion);
        long windowStart = parsed.windowStartEpochMs();
        long windowEnd = windowStart + spec.duration().toMillis();
        K6CellSamples.Window window = samplesKept ? window(samples, spec, windowStart) : null;
        if (window != null) {
            parsed = parsed.withLatencies(window.total());
        }
        double cpuS = windowStart > 0 ? outcome.cpu().cpuSecondsBetween(windowStart, windowEnd) : -1;
        LoadResult result = parsed.result(cpuS);
        List<String> comments = List.of("loomlab: engine=" + engineVersion + " url=" + spec.url() + switch (spec.workload()) {
                    case Workload.Open o -> " rate=" + o.ratePerSec();
                    case Workload.Closed c -> " vus=" + c.vus();
                    case Workload.Burst b -> " burst=" + b.requests();
                },
                "loomlab: k6 response time = blocked + connecting + tls + sending + waiting + receiving,"
                        + " requests started in the window that got a status");
        if (window != null && spec.keepsSeconds()) {
            K6WindowFiles.write(spec, window, windowStart, engineVersion, comments);
        } else if (parsed.count() > 0) {
            PercentileHistogram.write(spec.outDir(), spec.name(), parsed.histogram(), windowStart, windowEnd, comments);
        }
        listener.onProgress(new LoadProgress("done", (spec.warmup().toMillis() + spec.duration().toMillis()) / 1000.0,
                result.tps(), result.requests(), result.requests() - result.ok()));
        return result;
    }

    /** The window's requests from k6's samples, which are then deleted: every metric of every request, they outweigh the cell. */
    private static K6CellSamples.Window window(Path samples, LoadSpec spec, long windowStartMs) {
        double ratePerSec = ratePerSec(spec);
        try (BufferedReader csv = Files.newBufferedReader(samples)) {
            return K6CellSamples.read(csv, ratePerSec, windowStartMs, spec.keepsSeconds() ? spec.duration().toMillis() : 0);
        } catch (IOException e) {
            throw new LoadException("cannot read k6's samples " + samples + ": " + e.getMessage());
        } finally {
            try {
                Files.deleteIfExists(samples);
            } catch (IOException ignored) {
                // a leftover file, no wrong figure
            }
        }
    }

    /** The cell's script: the template with the cell's settings and k6 options as JSON. */
    static String script(LoadSpec spec, Path summary) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("url", spec.url());
        cell.put("warmupMs", spec.warmup().toMillis());
        cell.put("windowMs", spec.duration().toMillis());
        cell.put("timeout", spec.requestTimeout().toMillis() + "ms");
        cell.put("summaryPath", summary.toString());
        cell.put("ratePerSec", ratePerSec(spec));
        cell.put("startsMs", K6Options.startsMs(spec));
        return script("/engines/k6-cell.js", cell, spec);
    }

    /** The agents' script ({@code engines/k6-agent.js}): the same test, its samples written per request. */
    static String agentScript(LoadSpec spec) {
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("url", spec.url());
        cell.put("warmupMs", spec.warmup().toMillis());
        cell.put("timeout", spec.requestTimeout().toMillis() + "ms");
        cell.put("ratePerSec", ratePerSec(spec));
        return script("/engines/k6-agent.js", cell, spec);
    }

    /** The open model's rate, which the scripts time each request's due instant from; 0 (none) in the closed model. */
    private static double ratePerSec(LoadSpec spec) {
        return spec.workload() instanceof Workload.Open open ? open.ratePerSec() : 0;
    }

    private static String script(String template, Map<String, Object> cell, LoadSpec spec) {
        return template(template)
                .replace("__LOOMLAB_CELL__", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(cell))
                .replace("__LOOMLAB_OPTIONS__", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(options(spec)));
    }

    static Map<String, Object> options(LoadSpec spec) {
        return K6Options.of(spec);
    }

    private static String template(String name) {
        try (InputStream in = K6Engine.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new LoadException("the k6 script template " + name.substring(1) + " is missing from the lab's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LoadException("cannot read the k6 script template: " + e.getMessage());
        }
    }

    /** k6's once-a-second "running (12.0s), 100/100 VUs, 5000 complete and 0 interrupted iterations". */
    private static final class ProgressLines {
        private final LoadSpec spec;
        private final LoadProgress.Listener listener;
        private double lastS;
        private long lastComplete;

        ProgressLines(LoadSpec spec, LoadProgress.Listener listener) {
            this.spec = spec;
            this.listener = listener;
        }

        void accept(String line) {
            Matcher m = PROGRESS.matcher(line);
            if (!m.find()) {
                return;
            }
            double s = (m.group(1) == null ? 0 : Long.parseLong(m.group(1)) * 3600)
                    + (m.group(2) == null ? 0 : Long.parseLong(m.group(2)) * 60)
                    + Double.parseDouble(m.group(3));
            long complete = Long.parseLong(m.group(4));
            double warmupS = spec.warmup().toMillis() / 1000.0;
            double endS = warmupS + spec.duration().toMillis() / 1000.0;
            double tps = s > lastS ? (complete - lastComplete) / (s - lastS) : 0;
            lastS = s;
            lastComplete = complete;
            // k6 does not say how many of its iterations failed before the end: errors are in the result.
            listener.onProgress(new LoadProgress(s < warmupS ? "warmup" : s < endS ? "measure" : "drain", s, tps, complete, 0));
        }
    }
}
