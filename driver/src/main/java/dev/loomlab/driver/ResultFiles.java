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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramLogWriter;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.loomlab.load.DriverResult;
import dev.loomlab.load.SteadyState;

/** Writes {@code CELL.hlog} and {@code CELL.driver.json}, each to a temporary file renamed into place. */
final class ResultFiles {
    static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);
    static final String ENGINE = "hyperfoil";

    private ResultFiles() {
    }

    static Path hlogPath(Path dir, String name) {
        return dir.resolve(name + ".hlog");
    }

    static Path jsonPath(Path dir, String name) {
        return dir.resolve(name + ".driver.json");
    }

    static void writeHlog(Path file, WindowSummary w) throws IOException {
        DriverSpec spec = w.spec;
        writeHlog(file, w.measureStartEpochMs, w.intervals.stream().map(WindowSummary.Interval::histogram).toList(),
                "loomlab-driver: units=nanoseconds (response time) url=" + spec.target().url()
                        + " method=" + spec.method() + " model=" + spec.model()
                        + (spec.closed() ? " vus=" + spec.vus() : " rate=" + spec.rate())
                        + (spec.isRamp() ? " ramp=" + Arrays.toString(spec.rampVus()).replace(" ", "") + " stepS=" + spec.stepMs() / 1000 : ""),
                "loomlab-driver: engine=hyperfoil-" + HyperfoilRun.hyperfoilVersion()
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

    /** A steady run or a ramp ({@code levels}: one summary per level, or null). */
    static DriverResult json(WindowSummary w, double driverCpuS, boolean sessionLimitExceeded, int hyperfoilWarnings,
            List<WindowSummary> levels, String warmupEnded, Optional<SteadyState.Compiler> compiler) {
        DriverSpec s = w.spec;
        DriverResult.Ramp ramp = null;
        List<DriverResult.Level> ls = null;
        if (levels != null) {
            int[] r = s.rampVus();
            ramp = new DriverResult.Ramp(r[0], r[r.length - 1], r.length, round3(s.stepMs() / 1000.0));
            ls = new ArrayList<>();
            for (int k = 0; k < levels.size(); k++) {
                ls.add(level(k, r[k], levels.get(k)));
            }
        }
        return new DriverResult(ENGINE, HyperfoilRun.hyperfoilVersion(), s.target().url(), s.method(), s.model(), s.vus(), s.rate(),
                round3(s.settles() ? w.firstInterval : s.warmupMs() / 1000.0), round3(w.durationS), w.measureStartEpochMs,
                w.measureEndEpochMs, w.requests(), w.ok,
                round3(w.tps()), ms(w.histogram, 50), ms(w.histogram, 90), ms(w.histogram, 99), ms(w.histogram, 99.9),
                maxMs(w.histogram), meanMs(w.histogram), errors(w), s.rate(), round3(w.achievedRate()), w.unsent(), round3(driverCpuS),
                System.getProperty("java.vm.version"), s.shape(), round3(w.tpsByStart()), w.completedInWindow, w.okWholeRun,
                boxed(w.okPerSecond), boxed(w.errorsPerSecond), completedErrors(w), perThousand(driverCpuS, w.completedInWindow),
                null, null, ramp, ls,
                diagnostics(w, w.histogram, w.afterWindow, sessionLimitExceeded, null, hyperfoilWarnings,
                        s.closed() ? s.vus() : s.maxSessions()),
                s.closed() ? null : new DriverResult.Schedule(w.due, w.dueSent, w.sentLate, w.unsent(), Arrivals.LATE_AFTER_NS / 1e6,
                        round3(w.maxSendDelayNs / 1e6)),
                round3(w.tpsCounted()),
                levels != null || warmupEnded == null ? null : new DriverResult.Settling(warmupEnded, w.warmupOkPerSecond(), compiler.orElse(null)));
    }

    /** One level of a ramp: the points of a throughput-vs-load curve. */
    private static DriverResult.Level level(int k, int vus, WindowSummary w) {
        return new DriverResult.Level(k + 1, vus, w.measureStartEpochMs, w.measureEndEpochMs, round3(w.durationS), round3(w.tps()),
                round3(w.tpsByStart()), w.requests(), w.ok, w.completedInWindow, ms(w.histogram, 50), ms(w.histogram, 90),
                ms(w.histogram, 99), ms(w.histogram, 99.9), maxMs(w.histogram), meanMs(w.histogram), errors(w),
                completedErrors(w), boxed(w.okPerSecond));
    }

    /** "errors": the requests started in the window, by kind. */
    private static DriverResult.ErrorCounts errors(WindowSummary w) {
        return new DriverResult.ErrorCounts(w.connectErrors, w.timeouts, w.status4xx, w.status5xx, w.otherErrors());
    }

    /** "errorsByCompletion": the same kinds, counted by when the request ended. */
    private static DriverResult.ErrorCounts completedErrors(WindowSummary w) {
        return new DriverResult.ErrorCounts(w.completedConnect, w.completedTimeout, w.completedStatus4xx, w.completedStatus5xx,
                w.completedOther);
    }

    private static double perThousand(double cpuS, long requests) {
        return cpuS < 0 || requests <= 0 ? 0 : round3(cpuS * 1000.0 / requests);
    }

    /**
     * Each request of a mix over the same window: its count, latencies and errors, by name. A file of its own beside the
     * result (the result is the mix's whole, on the wire both sides share).
     */
    static void writeRequests(Path file, Map<String, WindowSummary> byRequest) throws IOException {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        byRequest.forEach((name, w) -> {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("requests", w.sent);
            figures.put("errors", w.errors());
            figures.put("p50Ms", ms(w.histogram, 50));
            figures.put("p90Ms", ms(w.histogram, 90));
            figures.put("p99Ms", ms(w.histogram, 99));
            figures.put("maxMs", maxMs(w.histogram));
            out.put(name, figures);
        });
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), out);
    }

    /** The latencies of a window's or a burst's histogram (ns) in ms; 0 when nothing got a status. */
    private static double ms(AbstractHistogram ns, double percentile) {
        return ns.getTotalCount() == 0 ? 0 : round3(ns.getValueAtPercentile(percentile) / 1e6);
    }

    private static double maxMs(AbstractHistogram ns) {
        return ns.getTotalCount() == 0 ? 0 : round3(ns.getMaxValue() / 1e6);
    }

    private static double meanMs(AbstractHistogram ns) {
        return ns.getTotalCount() == 0 ? 0 : round3(ns.getMean() / 1e6);
    }

    private static List<Long> boxed(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    /** "diagnostics": what the numbers were measured with. */
    private static DriverResult.Diagnostics diagnostics(WindowSummary w, AbstractHistogram histogram, Long completedAfterWindow,
            Boolean sessionLimitReached, Double sendSpreadMs, int hyperfoilWarnings, int maxSessions) {
        DriverSpec s = w.spec;
        return new DriverResult.Diagnostics(w.responses, histogram.getTotalCount(), w.sent, w.status3xx, w.internalErrors,
                w.rawConnectionErrors, round3(w.blockedNs / 1e6), completedAfterWindow, sessionLimitReached, sendSpreadMs,
                hyperfoilWarnings, s.connections(), maxSessions, s.threads(), round3(s.timeoutMs() / 1000.0), w.phaseStartEpochMs);
    }

    /** A burst: the same top-level fields as a steady run, measured over the whole burst. */
    static DriverResult burstJson(BurstSummary b, double driverCpuS, int hyperfoilWarnings) {
        DriverSpec s = b.spec;
        WindowSummary w = b.all;
        return new DriverResult(ENGINE, HyperfoilRun.hyperfoilVersion(), s.target().url(), s.method(), "burst", null, null, 0.0,
                round3(b.wallTimeS()), b.firstSendEpochMs, b.lastCompletionEpochMs, w.requests(), w.ok, round3(b.tps()),
                ms(b.histogram, 50), ms(b.histogram, 90), ms(b.histogram, 99), ms(b.histogram, 99.9),
                maxMs(b.histogram), meanMs(b.histogram), errors(w), null, round3(b.wallTimeMs > 0 ? w.sent / b.wallTimeS() : 0),
                Math.max(0, s.burst() - w.sent), round3(driverCpuS), System.getProperty("java.vm.version"), "burst", round3(b.tps()),
                b.completed, w.okWholeRun, boxed(b.okPerSecond), boxed(b.errorsPerSecond), null,
                perThousand(driverCpuS, w.requests()), s.burst(), round3(b.wallTimeMs), null, null,
                diagnostics(w, b.histogram, null, null, round3(b.sendSpreadMs), hyperfoilWarnings, s.maxSessions()), null, null, null);
    }

    /** A burst's .hlog: one interval, first send to last completion, holding every response with a status. */
    static void writeBurstHlog(Path file, BurstSummary b) throws IOException {
        DriverSpec spec = b.spec;
        writeHlog(file, b.firstSendEpochMs, List.of(b.histogram),
                "loomlab-driver: units=nanoseconds (response time) url=" + spec.target().url()
                        + " method=" + spec.method() + " model=burst burst=" + spec.burst(),
                "loomlab-driver: engine=hyperfoil-" + HyperfoilRun.hyperfoilVersion()
                        + " histogram: " + WindowSummary.SIGNIFICANT_DIGITS + " significant digits, max "
                        + Completions.HIGHEST_TRACKABLE_NS + " ns; ONE interval: first send to last completion",
                "loomlab-driver: the interval holds every request of the burst that got a status "
                        + "(timeouts and connection errors are counted in the .driver.json only)");
    }

    static void writeJson(Path file, DriverResult json) throws IOException {
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
