package dev.loomlab.lab.cell;

import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.HlogMerge;
import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Beside;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.PerSecondSeries;
import dev.loomlab.lab.result.ServerStart;
import dev.loomlab.lab.result.StageTimes;
import dev.loomlab.lab.result.Steadiness;
import dev.loomlab.lab.stats.BatchMeans;
import dev.loomlab.lab.stats.Interval;
import dev.loomlab.load.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The one place a cell's record is built, measured or not, with what every cell carries. */
final class CellResults {
    private final Plan plan;
    private final String label;
    private final Cell cell;
    private final Jdk serverJdk;
    private final String engine;
    private final CpuLayout cpus;
    private final String path;
    private final Duration serviceTime;
    private final Ceiling ceiling;
    private final CellFiles files;

    /** @param engine the plan's engine, named by a cell that failed before its load ran */
    CellResults(Plan plan, String label, Cell cell, Jdk serverJdk, String engine, CpuLayout cpus, String path,
                Duration serviceTime, Ceiling ceiling, CellFiles files) {
        this.plan = plan;
        this.label = label;
        this.cell = cell;
        this.serverJdk = serverJdk;
        this.engine = engine;
        this.cpus = cpus;
        this.path = path;
        this.serviceTime = serviceTime;
        this.ceiling = ceiling;
        this.files = files;
    }

    /** The same cell with the service time measured once its server answered, and the ceiling that follows from it. */
    CellResults withServiceTime(Duration measured, Ceiling newCeiling) {
        return new CellResults(plan, label, cell, serverJdk, engine, cpus, path, measured, newCeiling, files);
    }

    /** Which CPUs the server, the driver and the database ran on, as the cell records them. */
    Map<String, String> cpus() {
        return cpus.asMap();
    }

    CellResult stopped(Stop stop) {
        CellResult failed = failed(stop.reason());
        return stop.skipped() ? failed.withStatus("skipped", stop.reason()) : failed;
    }

    private CellResult failed(String reason) {
        return new CellResult(CellResult.SCHEMA, "failed", reason, label, cell, engine, path,
                serviceTime.toMillis(), plan.workload(), null, null, null, plan.window().warmup().toMillis() / 1000.0,
                0, 0, 0, 0, 0, 0, 0, 0,
                Map.of(), ceiling.tps(), null, ceiling.formula(), "failed", reason, null, null, cpus.asMap(),
                serverJdk.describe(), new CellResult.Artifacts(null, files.serverLog().orElse(null), null, null),
                Map.of(), Beside.UNKNOWN, Map.of(), List.of(), null, null, null, StageTimes.NONE, null, null, ServerStart.UNKNOWN, null);
    }

    /**
     * The measured cell. The sampler hands what ran beside the window among the other figures; the cell keeps it apart,
     * typed, so no reader depends on a key of {@code metrics} for it.
     */
    CellResult measured(LoadResult load, Verdict verdict, Double serverCores, String timeseries, Map<String, Double> metrics,
                        Map<String, Long> jfrEvents, Optional<List<Long>> okPerSecond, Steadiness steady) {
        return new CellResult(CellResult.SCHEMA, "ok", null, label, cell, load.engine(), path,
                serviceTime.toMillis(), plan.workload(), load.achievedRate(),
                plan.workload() instanceof Workload.Open ? load.unsent() : null, load.wallTimeMs(),
                warmed().map(HyperfoilEngine.Warmed::warmupS).orElse(plan.window().warmupMax().toMillis() / 1000.0), load.durationS(),
                load.requests(), load.ok(), load.tps(), load.latency().p50Ms(), load.latency().p90Ms(), load.latency().p99Ms(), load.latency().maxMs(),
                load.errors(), ceiling.tps(), ceiling.ratio(load.tps()), ceiling.formula(), verdict.limitedBy(),
                verdict.note(), serverCores, load.driverCpuS(), cpus.asMap(), serverJdk.describe(),
                new CellResult.Artifacts(files.hlog(), files.serverLog().orElse(null), timeseries, files.jfr().orElse(null)),
                Beside.without(metrics), Beside.of(metrics), jfrEvents, List.of(), null, okPerSecond.orElse(null), halfWidth(load, okPerSecond),
                StageTimes.NONE, steady, null, ServerStart.UNKNOWN, null);
    }

    /** The median latency of each second of the window (ms), from the cell's latency log; empty without one. */
    List<Double> latencyP50PerSecond() {
        return latencyPerSecond(50);
    }

    /** The {@code percentile} of each second of the window (ms), from the cell's latency log; empty without one. */
    List<Double> latencyPerSecond(double percentile) {
        Path hlog = files.outDir().resolve(files.stem() + ".hlog");
        return Files.isRegularFile(hlog) ? HlogMerge.perInterval(hlog, percentile) : List.of();
    }

    /** How the driver's warm-up ended, from its result file: the Hyperfoil driver says; k6, wrk and several drivers do not. */
    Optional<HyperfoilEngine.Warmed> warmed() {
        return HyperfoilEngine.warmed(files.outDir().resolve(files.stem() + ".driver.json"));
    }

    /**
     * The 2xx answers per second the engine counted, from its result file beside the latency log: the Hyperfoil driver
     * writes them; k6, wrk and several drivers together do not, and their cells have no within-round interval.
     */
    Optional<List<Long>> okPerSecond() {
        return PerSecondSeries.readDriverJson(files.outDir().resolve(files.stem() + ".driver.json"));
    }

    /** The errors of each second of the window, as the Hyperfoil driver counted them; empty from the other engines. */
    Optional<List<Long>> errorsPerSecond() {
        return PerSecondSeries.readDriverJson(files.outDir().resolve(files.stem() + ".driver.json"), "errorsPerSecond");
    }

    /** The {@code percentile} of each second of the window (ms), NaN where a second has none; empty without a latency log. */
    double[] latencyBySecond(double percentile) {
        Path hlog = files.outDir().resolve(files.stem() + ".hlog");
        return Files.isRegularFile(hlog) ? HlogMerge.perSecond(hlog, percentile) : new double[0];
    }

    /** The round's own interval of its TPS: the batch means' relative half-width, said around the TPS. */
    private static Double halfWidth(LoadResult load, Optional<List<Long>> okPerSecond) {
        Interval interval = okPerSecond.map(BatchMeans::interval).map(i -> i.scaledTo(load.tps())).orElse(null);
        return interval == null || !interval.known() ? null : interval.halfWidth();
    }
}
