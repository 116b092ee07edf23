package dev.loomlab.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramLogWriter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** Writes {@code CELL.hlog} and {@code CELL.driver.json}, each to a temporary file renamed into place. */
final class ResultFiles {
    static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);

    private ResultFiles() {
    }

    static Path hlogPath(Path dir, String name) {
        return dir.resolve(name + ".hlog");
    }

    static Path jsonPath(Path dir, String name) {
        return dir.resolve(name + ".driver.json");
    }

    static void writeHlog(Path file, WindowSummary w) throws IOException {
        LoadSpec spec = w.spec;
        writeHlog(file, w.measureStartEpochMs, w.intervals.stream().map(WindowSummary.Interval::histogram).toList(),
                "loomlab-driver: units=nanoseconds (response time) url=" + spec.target().url()
                        + " method=" + spec.method() + " model=" + spec.model()
                        + (spec.closed() ? " vus=" + spec.vus() : " rate=" + spec.rate())
                        + (spec.isRamp() ? " ramp=" + java.util.Arrays.toString(spec.rampVus()).replace(" ", "") + " stepS=" + spec.stepMs() / 1000 : ""),
                "loomlab-driver: engine=hyperfoil-" + HyperfoilEngine.hyperfoilVersion()
                        + " histograms: " + WindowSummary.SIGNIFICANT_DIGITS + " significant digits, max "
                        + WindowSummary.HIGHEST_TRACKABLE_NS + " ns; one interval per second of the measurement window",
                "loomlab-driver: an interval holds the requests started in it that got a status "
                        + "(timeouts and connection errors are counted in the .driver.json only)");
    }

    /**
     * The one .hlog layout of a steady run, a ramp and a burst: the comments, then one interval
     * histogram each, times relative to {@code baseEpochMs} (the start of what was measured).
     */
    private static void writeHlog(Path file, long baseEpochMs, List<? extends AbstractHistogram> intervals, String... comments)
            throws IOException {
        Path tmp = tempSibling(file);
        try (OutputStream out = Files.newOutputStream(tmp); PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(ps);
            for (String comment : comments) {
                writer.outputComment(comment);
            }
            writer.outputLogFormatVersion();
            writer.setBaseTime(baseEpochMs);
            writer.outputBaseTime(baseEpochMs);
            writer.outputStartTime(baseEpochMs);
            writer.outputLegend();
            for (AbstractHistogram interval : intervals) {
                writer.outputIntervalHistogram(interval);
            }
            ps.flush();
            if (ps.checkError()) {
                throw new IOException("error writing " + tmp);
            }
        }
        moveIntoPlace(tmp, file);
    }

    static Map<String, Object> json(WindowSummary w, double driverCpuS, boolean sessionLimitExceeded, int hyperfoilWarnings) {
        return json(w, driverCpuS, sessionLimitExceeded, hyperfoilWarnings, null);
    }

    /**
     * A steady run or a ramp ({@code levels}: one summary per level, or null): the original fields,
     * then the completion-based ones and the shape's own.
     */
    static Map<String, Object> json(WindowSummary w, double driverCpuS, boolean sessionLimitExceeded, int hyperfoilWarnings,
            List<WindowSummary> levels) {
        LoadSpec s = w.spec;
        Map<String, Object> m = header(s);
        m.put("model", s.model());
        m.put("vus", s.vus());
        m.put("rate", s.rate());
        m.put("warmupS", round3(s.warmupMs() / 1000.0));
        m.put("durationS", round3(w.durationS));
        m.put("measureStartEpochMs", w.measureStartEpochMs);
        m.put("measureEndEpochMs", w.measureEndEpochMs);
        m.put("requests", w.requests());
        m.put("ok", w.ok);
        m.put("tps", round3(w.tps()));
        putLatencies(m, w::percentileMs, w.maxMs(), w.meanMs());
        m.put("errors", errors(w));
        m.put("requestedRate", s.rate());
        m.put("achievedRate", round3(w.achievedRate()));
        m.put("unsent", w.unsent());
        m.put("driverCpuS", round3(driverCpuS));
        m.put("driverJvm", System.getProperty("java.vm.version"));
        // --- added fields (completion-based throughput, shapes)
        m.put("shape", s.shape());
        m.put("tpsByStart", round3(w.tpsByStart()));
        m.put("completedInWindow", w.completedInWindow);
        m.put("okWholeRun", w.okWholeRun);
        m.put("okPerSecond", w.okPerSecond);
        m.put("errorsPerSecond", w.errorsPerSecond);
        m.put("errorsByCompletion", completedErrors(w));
        m.put("driverCpuSPer1000Requests", perThousand(driverCpuS, w.completedInWindow));
        m.put("burst", null);
        m.put("wallTimeMs", null);
        if (levels != null) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("from", s.rampVus()[0]);
            r.put("to", s.rampVus()[s.rampVus().length - 1]);
            r.put("steps", s.rampVus().length);
            r.put("stepDurationS", round3(s.stepMs() / 1000.0));
            m.put("ramp", r);
            List<Map<String, Object>> ls = new ArrayList<>();
            for (int k = 0; k < levels.size(); k++) {
                ls.add(level(k, s.rampVus()[k], levels.get(k)));
            }
            m.put("levels", ls);
        } else {
            m.put("ramp", null);
            m.put("levels", null);
        }
        // Not part of the required schema: what the numbers above were measured with.
        Map<String, Object> own = new LinkedHashMap<>();
        own.put("completedAfterWindow", w.afterWindow);
        own.put("sessionLimitReached", sessionLimitExceeded);
        m.put("diagnostics", diagnostics(w, w.histogram, own, hyperfoilWarnings, s.closed() ? s.vus() : s.maxSessions()));
        return m;
    }

    /** One level of a ramp: the points of a throughput-vs-load curve. */
    private static Map<String, Object> level(int k, int vus, WindowSummary w) {
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("level", k + 1);
        l.put("vus", vus);
        l.put("startEpochMs", w.measureStartEpochMs);
        l.put("endEpochMs", w.measureEndEpochMs);
        l.put("durationS", round3(w.durationS));
        l.put("tps", round3(w.tps()));
        l.put("tpsByStart", round3(w.tpsByStart()));
        l.put("requests", w.requests());
        l.put("ok", w.ok);
        l.put("completedInWindow", w.completedInWindow);
        putLatencies(l, w::percentileMs, w.maxMs(), w.meanMs());
        l.put("errors", errors(w));
        l.put("errorsByCompletion", completedErrors(w));
        l.put("okPerSecond", w.okPerSecond);
        return l;
    }

    /** "errors": the requests started in the window, by kind. */
    private static Map<String, Object> errors(WindowSummary w) {
        return errorKinds(w.connectErrors, w.timeouts, w.status4xx, w.status5xx, w.otherErrors());
    }

    /** "errorsByCompletion": the same kinds, counted by when the request ended. */
    private static Map<String, Object> completedErrors(WindowSummary w) {
        return errorKinds(w.completedConnect, w.completedTimeout, w.completedStatus4xx, w.completedStatus5xx, w.completedOther);
    }

    private static Map<String, Object> errorKinds(long connect, long timeout, long status4xx, long status5xx, long other) {
        Map<String, Object> errors = new LinkedHashMap<>();
        errors.put("connect", connect);
        errors.put("timeout", timeout);
        errors.put("status4xx", status4xx);
        errors.put("status5xx", status5xx);
        errors.put("other", other);
        return errors;
    }

    private static double perThousand(double cpuS, long requests) {
        return cpuS < 0 || requests <= 0 ? 0 : round3(cpuS * 1000.0 / requests);
    }

    /** The first fields of every .driver.json (a LinkedHashMap: the file keeps this order). */
    private static Map<String, Object> header(LoadSpec s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "hyperfoil");
        m.put("engineVersion", HyperfoilEngine.hyperfoilVersion());
        m.put("url", s.target().url());
        m.put("method", s.method());
        return m;
    }

    /** The latency fields of a run, a ramp level and a burst, in ms, in the schema's order. */
    private static void putLatencies(Map<String, Object> m, DoubleUnaryOperator percentileMs, double maxMs, double meanMs) {
        m.put("p50Ms", round3(percentileMs.applyAsDouble(50)));
        m.put("p90Ms", round3(percentileMs.applyAsDouble(90)));
        m.put("p99Ms", round3(percentileMs.applyAsDouble(99)));
        m.put("p999Ms", round3(percentileMs.applyAsDouble(99.9)));
        m.put("maxMs", round3(maxMs));
        m.put("meanMs", round3(meanMs));
    }

    /**
     * "diagnostics": what the numbers were measured with; {@code own} holds the fields only a steady
     * run or only a burst has, placed between the shared counters and the shared settings.
     */
    private static Map<String, Object> diagnostics(WindowSummary w, AbstractHistogram histogram, Map<String, Object> own,
            int hyperfoilWarnings, Object maxSessions) {
        LoadSpec s = w.spec;
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("responses", w.responses);
        d.put("histogramCount", histogram.getTotalCount());
        d.put("sent", w.sent);
        d.put("status3xx", w.status3xx);
        d.put("internalErrors", w.internalErrors);
        d.put("hyperfoilConnectionErrors", w.rawConnectionErrors);
        d.put("connectionWaitMs", round3(w.blockedNs / 1e6));
        d.putAll(own);
        d.put("hyperfoilWarnings", hyperfoilWarnings);
        d.put("connections", s.connections());
        d.put("maxSessions", maxSessions);
        d.put("threads", s.threads());
        d.put("timeoutS", round3(s.timeoutMs() / 1000.0));
        d.put("phaseStartEpochMs", w.phaseStartEpochMs);
        return d;
    }

    /** A burst: the same top-level fields as a steady run (all present), measured over the whole burst. */
    static Map<String, Object> burstJson(BurstSummary b, double driverCpuS, int hyperfoilWarnings) {
        LoadSpec s = b.spec;
        WindowSummary w = b.all;
        Map<String, Object> m = header(s);
        m.put("model", "burst");
        m.put("vus", null);
        m.put("rate", null);
        m.put("warmupS", 0.0);
        m.put("durationS", round3(b.wallTimeS()));
        m.put("measureStartEpochMs", b.firstSendEpochMs);
        m.put("measureEndEpochMs", b.lastCompletionEpochMs);
        m.put("requests", w.requests());
        m.put("ok", w.ok);
        m.put("tps", round3(b.tps()));
        putLatencies(m, b::percentileMs, b.maxMs(), b.meanMs());
        m.put("errors", errors(w));
        m.put("requestedRate", null);
        m.put("achievedRate", round3(b.wallTimeMs > 0 ? w.sent / b.wallTimeS() : 0));
        m.put("unsent", Math.max(0, s.burst() - w.sent));
        m.put("driverCpuS", round3(driverCpuS));
        m.put("driverJvm", System.getProperty("java.vm.version"));
        m.put("shape", "burst");
        m.put("tpsByStart", round3(b.tps()));
        m.put("completedInWindow", b.completed);
        m.put("okWholeRun", w.okWholeRun);
        m.put("okPerSecond", b.okPerSecond);
        m.put("errorsPerSecond", b.errorsPerSecond);
        m.put("driverCpuSPer1000Requests", perThousand(driverCpuS, w.requests()));
        m.put("burst", s.burst());
        m.put("wallTimeMs", round3(b.wallTimeMs));
        m.put("ramp", null);
        m.put("levels", null);
        m.put("diagnostics", diagnostics(w, b.histogram, Map.of("sendSpreadMs", round3(b.sendSpreadMs)), hyperfoilWarnings,
                s.maxSessions()));
        return m;
    }

    /** A burst's .hlog: one interval, first send to last completion, holding every response with a status. */
    static void writeBurstHlog(Path file, BurstSummary b) throws IOException {
        LoadSpec spec = b.spec;
        writeHlog(file, b.firstSendEpochMs, List.of(b.histogram),
                "loomlab-driver: units=nanoseconds (response time) url=" + spec.target().url()
                        + " method=" + spec.method() + " model=burst burst=" + spec.burst(),
                "loomlab-driver: engine=hyperfoil-" + HyperfoilEngine.hyperfoilVersion()
                        + " histogram: " + WindowSummary.SIGNIFICANT_DIGITS + " significant digits, max "
                        + Completions.HIGHEST_TRACKABLE_NS + " ns; ONE interval: first send to last completion",
                "loomlab-driver: the interval holds every request of the burst that got a status "
                        + "(timeouts and connection errors are counted in the .driver.json only)");
    }

    static void writeJson(Path file, Map<String, Object> json) throws IOException {
        Path tmp = tempSibling(file);
        Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(json));
        moveIntoPlace(tmp, file);
    }

    static double round3(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return 0;
        }
        return Math.round(v * 1000.0) / 1000.0;
    }

    private static Path tempSibling(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    }

    private static void moveIntoPlace(Path tmp, Path file) throws IOException {
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
