package dev.loomlab.lab.report;

import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run folder with one cell of each shape the lab measures, every second of it known: a spike cell (mvc-virtual, a 30 s
 * window, five times the load for 5 s at 10 s) and a soak cell (mvc-platform, 40 s) beside it — a run's plan has one
 * shape, so the soak cell stands for a second run's, put in the same folder so that one page draws both. Each second's
 * requests all took one latency, so each second's p99 is that latency; the soak's resident set rises on a straight line,
 * so the line fitted to it is that line.
 */
final class ShapedRun {
    /** The spike cell: its model, its window (s), its step's start and length in it (s). */
    static final String SPIKE_MODEL = "mvc-virtual";
    static final int SPIKE_WINDOW_S = 30;
    static final int STEP_AT_S = 10;
    static final int STEP_S = 5;
    /** Seconds after the step until the p99 is back: the two seconds after it are slower than before it. */
    static final int RECOVERY_S = 2;

    /** The ramp cell: its model, and users rising from 10 to 50 over 10 s of a 20 s window, answered at most 30 a second. */
    static final String RAMP_MODEL = "webflux";
    static final Ramp RAMP = new Ramp(10, Duration.ofSeconds(10));
    static final int RAMP_TOP_VUS = 50;
    static final int RAMP_WINDOW_S = 20;
    static final int RAMP_CAP_TPS = 30;

    /** The soak cell: its model, its window (s), its resident set's line. */
    static final String SOAK_MODEL = "mvc-platform";
    static final int SOAK_WINDOW_S = 40;
    static final double RSS_MB_AT_0 = 200;
    static final double RSS_MB_PER_S = 0.1;

    private static final long BASE_EPOCH_MS = 1_765_000_000_000L;

    private ShapedRun() {
    }

    /** The latency (ms) of every request of the spike cell's second {@code s}. */
    static double spikeLatencyMs(int s) {
        if (s >= STEP_AT_S && s < STEP_AT_S + STEP_S) {
            return 200;
        }
        return s >= STEP_AT_S + STEP_S && s < STEP_AT_S + STEP_S + RECOVERY_S ? 80 : 20;
    }

    static long spikeOk(int s) {
        return s >= STEP_AT_S && s < STEP_AT_S + STEP_S ? 500 - spikeErrors(s) : 100;
    }

    static long spikeErrors(int s) {
        return s >= STEP_AT_S && s < STEP_AT_S + STEP_S ? 3 : 0;
    }

    /** The soak cell's resident set at sample time {@code tS}. */
    static double rssMb(double tS) {
        return RSS_MB_AT_0 + RSS_MB_PER_S * tS;
    }

    /** The run written at {@code root}, its reports rendered as a run renders them. */
    static RunFolder write(Path root) {
        RunFolder folder = new RunFolder(root);
        folder.create();
        Manifest manifest = manifest();
        folder.writeManifest(manifest);
        List<CellResult> cells = List.of(spikeCell(root), soakCell(root), rampCell(root));
        cells.forEach(folder::writeCell);
        ReportFiles.write(folder, manifest, cells);
        return folder;
    }

    private static Manifest manifest() {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("name", "shapes");
        plan.put("models", List.of(SOAK_MODEL, SPIKE_MODEL, RAMP_MODEL));
        plan.put("scenarios", List.of("block"));
        plan.put("vus", 100);
        plan.put("rounds", 1);
        plan.put("shape", "spike 5x for 5s at 10s");
        Manifest fixture = Golden.fixture().manifest();
        return new Manifest(fixture.schema(), "20261207-020000-shapes", "complete", fixture.startedAt(), fixture.finishedAt(),
                "loomlab run --shape 'spike 5x for 5s at 10s'", PlanBinding.bind("shapes", plan), fixture.machine(), fixture.jdks(),
                fixture.versions(), fixture.database(), fixture.cpus(), fixture.engine(), fixture.gitCommit(),
                List.of(SOAK_MODEL + "/block-r1", SPIKE_MODEL + "/block-r1", RAMP_MODEL + "/block-r1"));
    }

    private static CellResult spikeCell(Path root) {
        List<Long> ok = new ArrayList<>();
        List<Long> errors = new ArrayList<>();
        List<SeriesRow> rows = new ArrayList<>();
        for (int s = 0; s < SPIKE_WINDOW_S; s++) {
            ok.add(spikeOk(s));
            errors.add(spikeErrors(s));
            rows.add(row(s + 1, 300 + s, 100 + (s % 5) * 10));
        }
        String stem = "cells/" + SPIKE_MODEL + "/block-r1";
        writeHlog(root.resolve(stem + ".hlog"), SPIKE_WINDOW_S, s -> spikeOk(s) + spikeErrors(s), ShapedRun::spikeLatencyMs);
        write(root.resolve(stem + ".driver.json"), RunFolder.json().writeValueAsString(Map.of("okPerSecond", ok, "errorsPerSecond", errors)));
        writeCsv(root.resolve(stem + ".timeseries.csv"), rows);
        long errorsDuring = errors.stream().mapToLong(Long::longValue).sum();
        long requestsDuring = STEP_S * 500L;
        ShapeFigures.Spike figures = new ShapeFigures.Spike(5, STEP_AT_S, STEP_S, 20, 200, errorsDuring, requestsDuring, (double) RECOVERY_S,
                SPIKE_WINDOW_S - STEP_AT_S - STEP_S);
        return cell(SPIKE_MODEL, stem, SPIKE_WINDOW_S, ok, errorsDuring).withShapeFigures(figures);
    }

    private static CellResult soakCell(Path root) {
        List<Long> ok = new ArrayList<>();
        List<SeriesRow> rows = new ArrayList<>();
        for (int s = 0; s < SOAK_WINDOW_S; s++) {
            ok.add(100L);
            rows.add(row(s + 1, rssMb(s + 1), 120 + (s % 4) * 15));
        }
        String stem = "cells/" + SOAK_MODEL + "/block-r1";
        writeHlog(root.resolve(stem + ".hlog"), SOAK_WINDOW_S, s -> 100, s -> 10);
        writeCsv(root.resolve(stem + ".timeseries.csv"), rows);
        // the second half's samples are t = 21 … 40 s: a straight line's slope and mean there
        double meanT = (SOAK_WINDOW_S / 2 + 1 + SOAK_WINDOW_S) / 2.0;
        ShapeFigures.Slope rss = new ShapeFigures.Slope(60 * RSS_MB_PER_S, 0.0, rssMb(meanT), SOAK_WINDOW_S / 2);
        return cell(SOAK_MODEL, stem, SOAK_WINDOW_S, ok, 0).withShapeFigures(new ShapeFigures.Soak(rss, null, null));
    }

    /** The ramp's users of second {@code s}. */
    static int rampVus(int s) {
        return RAMP.vusAt(s, new Workload.Closed(RAMP_TOP_VUS));
    }

    /** A second's answers: its users of the second before (a one-second request), at most the cap. */
    static long rampOk(int s) {
        return Math.min(rampVus(s - 1), RAMP_CAP_TPS);
    }

    private static CellResult rampCell(Path root) {
        List<Long> ok = new ArrayList<>();
        List<ShapeFigures.RampSecond> seconds = new ArrayList<>();
        List<SeriesRow> rows = new ArrayList<>();
        for (int s = 0; s < RAMP_WINDOW_S; s++) {
            ok.add(rampOk(s));
            seconds.add(new ShapeFigures.RampSecond(s, rampVus(s), rampOk(s), rampVus(s) > RAMP_CAP_TPS ? 2_100.0 : 1_000.0, 0));
            rows.add(row(s + 1, 250 + s, 90 + (s % 3) * 20));
        }
        String stem = "cells/" + RAMP_MODEL + "/block-r1";
        writeHlog(root.resolve(stem + ".hlog"), RAMP_WINDOW_S, ShapedRun::rampOk, s -> rampVus(s) > RAMP_CAP_TPS ? 2_100 : 1_000);
        write(root.resolve(stem + ".driver.json"), RunFolder.json().writeValueAsString(Map.of("okPerSecond", ok)));
        writeCsv(root.resolve(stem + ".timeseries.csv"), rows);
        // users of 30 and more first answered at second 6 (the users of second 5, 30): the knee; p99 doubled from second 6 on
        ShapeFigures.Ramp figures = new ShapeFigures.Ramp(RAMP.fromVus(), RAMP_TOP_VUS, RAMP.over().toSeconds(), seconds, (double) RAMP_CAP_TPS,
                1.0, 1, rampVus(5), 1_000.0, rampVus(6));
        return cell(RAMP_MODEL, stem, RAMP_WINDOW_S, ok, 0).withShapeFigures(figures);
    }

    private static SeriesRow row(double tS, double rssMb, double heapMb) {
        double n = Double.NaN;
        return new SeriesRow(tS, 0.5, rssMb, heapMb, 0, 220, n, n, n, n, n, n, n, n, n, 0.1, n);
    }

    private static CellResult cell(String model, String stem, int windowS, List<Long> ok, long errors) {
        long requests = ok.stream().mapToLong(Long::longValue).sum() + errors;
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("label", model);
        fields.put("cell", Map.of("model", model, "jdk", 25, "scenario", "block", "round", 1));
        fields.put("durationS", windowS);
        fields.put("requests", requests);
        fields.put("ok", requests - errors);
        fields.put("tps", (requests - errors) / (double) windowS);
        fields.put("errors", Map.of("connect", 0, "timeout", 0, "status4xx", 0, "status5xx", errors, "other", 0));
        Map<String, Object> files = new LinkedHashMap<>();
        files.put("hlog", stem + ".hlog");
        files.put("serverLog", null);
        files.put("timeseries", stem + ".timeseries.csv");
        files.put("jfr", null);
        fields.put("files", files);
        fields.put("okPerSecond", ok);
        fields.put("tpsHalfWidth", null);
        return Golden.mvcVirtualBlockWith(fields);
    }

    /** A latency log as the driver writes one: one interval a second, every request of second s taking latencyMs(s). */
    private static void writeHlog(Path hlog, int seconds, java.util.function.IntToLongFunction requests,
                                  java.util.function.IntToDoubleFunction latencyMs) {
        try {
            Files.createDirectories(hlog.getParent());
            try (PrintStream ps = new PrintStream(Files.newOutputStream(hlog))) {
                HistogramLogWriter writer = new HistogramLogWriter(ps);
                writer.outputLogFormatVersion();
                writer.setBaseTime(BASE_EPOCH_MS);
                writer.outputBaseTime(BASE_EPOCH_MS);
                writer.outputStartTime(BASE_EPOCH_MS);
                writer.outputLegend();
                for (int s = 0; s < seconds; s++) {
                    Histogram interval = new Histogram(3);
                    interval.setAutoResize(true);
                    interval.setStartTimeStamp(BASE_EPOCH_MS + s * 1000L);
                    interval.setEndTimeStamp(BASE_EPOCH_MS + (s + 1) * 1000L);
                    interval.recordValueWithCount(Math.round(latencyMs.applyAsDouble(s) * 1e6), requests.applyAsLong(s));
                    writer.outputIntervalHistogram(interval);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeCsv(Path csv, List<SeriesRow> rows) {
        StringBuilder sb = new StringBuilder(SeriesRow.CSV_HEADER).append('\n');
        rows.forEach(r -> sb.append(r.csv()).append('\n'));
        write(csv, sb.toString());
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
