package dev.loomlab.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

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
        Path tmp = tempSibling(file);
        try (OutputStream out = Files.newOutputStream(tmp); PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(ps);
            LoadSpec spec = w.spec;
            writer.outputComment("loomlab-driver: units=nanoseconds (response time) url=" + spec.target().url()
                    + " method=" + spec.method() + " model=" + spec.model()
                    + (spec.closed() ? " vus=" + spec.vus() : " rate=" + spec.rate()));
            writer.outputComment("loomlab-driver: engine=hyperfoil-" + HyperfoilEngine.hyperfoilVersion()
                    + " histograms: " + WindowSummary.SIGNIFICANT_DIGITS + " significant digits, max "
                    + WindowSummary.HIGHEST_TRACKABLE_NS + " ns; one interval per second of the measurement window");
            writer.outputComment("loomlab-driver: an interval holds the requests started in it that got a status "
                    + "(timeouts and connection errors are counted in the .driver.json only)");
            writer.outputLogFormatVersion();
            writer.setBaseTime(w.measureStartEpochMs);
            writer.outputBaseTime(w.measureStartEpochMs);
            writer.outputStartTime(w.measureStartEpochMs);
            writer.outputLegend();
            for (WindowSummary.Interval interval : w.intervals) {
                writer.outputIntervalHistogram(interval.histogram());
            }
            ps.flush();
            if (ps.checkError()) {
                throw new IOException("error writing " + tmp);
            }
        }
        moveIntoPlace(tmp, file);
    }

    static Map<String, Object> json(WindowSummary w, double driverCpuS, boolean sessionLimitExceeded, int hyperfoilWarnings) {
        LoadSpec s = w.spec;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("engine", "hyperfoil");
        m.put("engineVersion", HyperfoilEngine.hyperfoilVersion());
        m.put("url", s.target().url());
        m.put("method", s.method());
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
        m.put("p50Ms", round3(w.percentileMs(50)));
        m.put("p90Ms", round3(w.percentileMs(90)));
        m.put("p99Ms", round3(w.percentileMs(99)));
        m.put("p999Ms", round3(w.percentileMs(99.9)));
        m.put("maxMs", round3(w.maxMs()));
        m.put("meanMs", round3(w.meanMs()));
        Map<String, Object> errors = new LinkedHashMap<>();
        errors.put("connect", w.connectErrors);
        errors.put("timeout", w.timeouts);
        errors.put("status4xx", w.status4xx);
        errors.put("status5xx", w.status5xx);
        errors.put("other", w.otherErrors());
        m.put("errors", errors);
        m.put("requestedRate", s.rate());
        m.put("achievedRate", round3(w.achievedRate()));
        m.put("unsent", w.unsent());
        m.put("driverCpuS", round3(driverCpuS));
        m.put("driverJvm", System.getProperty("java.vm.version"));
        // Not part of the required schema: what the numbers above were measured with.
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("responses", w.responses);
        d.put("histogramCount", w.histogram.getTotalCount());
        d.put("sent", w.sent);
        d.put("status3xx", w.status3xx);
        d.put("internalErrors", w.internalErrors);
        d.put("hyperfoilConnectionErrors", w.rawConnectionErrors);
        d.put("connectionWaitMs", round3(w.blockedNs / 1e6));
        d.put("completedAfterWindow", w.afterWindow);
        d.put("sessionLimitReached", sessionLimitExceeded);
        d.put("hyperfoilWarnings", hyperfoilWarnings);
        d.put("connections", s.connections());
        d.put("maxSessions", s.closed() ? s.vus() : s.maxSessions());
        d.put("threads", s.threads());
        d.put("timeoutS", round3(s.timeoutMs() / 1000.0));
        d.put("phaseStartEpochMs", w.phaseStartEpochMs);
        m.put("diagnostics", d);
        return m;
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
