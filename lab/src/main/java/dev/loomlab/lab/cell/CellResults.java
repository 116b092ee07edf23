package dev.loomlab.lab.cell;

import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.process.CpuLayout;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.load.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Map;

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

    CellResult stopped(Stop stop) {
        CellResult failed = failed(stop.reason());
        return stop.skipped() ? failed.withStatus("skipped", stop.reason()) : failed;
    }

    private CellResult failed(String reason) {
        return new CellResult(CellResult.SCHEMA, "failed", reason, label, cell, engine, path,
                serviceTime.toMillis(), vus(), rate(), null, null, burst(), null, plan.window().warmup().toMillis() / 1000.0,
                0, 0, 0, 0, 0, 0, 0, 0,
                Map.of(), ceiling.tps(), null, ceiling.formula(), "failed", reason, null, null, cpus.asMap(),
                serverJdk.describe(), new CellResult.Artifacts(null, files.serverLog().orElse(null), null, null),
                Map.of(), Map.of(), List.of(), null, StageTimes.NONE);
    }

    CellResult measured(LoadResult load, Verdict verdict, Double serverCores, String timeseries, Map<String, Double> metrics,
                        Map<String, Long> jfrEvents) {
        return new CellResult(CellResult.SCHEMA, "ok", null, label, cell, load.engine(), path,
                serviceTime.toMillis(), vus(), rate(), load.achievedRate(), plan.workload() instanceof Workload.Open ? load.unsent() : null,
                burst(), load.wallTimeMs(),
                plan.window().warmup().toMillis() / 1000.0, load.durationS(),
                load.requests(), load.ok(), load.tps(), load.latency().p50Ms(), load.latency().p90Ms(), load.latency().p99Ms(), load.latency().maxMs(),
                load.errors(), ceiling.tps(), ceiling.ratio(load.tps()), ceiling.formula(), verdict.limitedBy(),
                verdict.note(), serverCores, load.driverCpuS(), cpus.asMap(), serverJdk.describe(),
                new CellResult.Artifacts(files.hlog(), files.serverLog().orElse(null), timeseries, files.jfr().orElse(null)),
                metrics, jfrEvents, List.of(), null, StageTimes.NONE);
    }

    // The record keeps one nullable column per shape: its JSON is the results schema readers know.
    private Integer vus() {
        return plan.workload() instanceof Workload.Closed c ? c.vus() : null;
    }

    private Double rate() {
        return plan.workload() instanceof Workload.Open o ? o.ratePerSec() : null;
    }

    private Integer burst() {
        return plan.workload() instanceof Workload.Burst b ? b.requests() : null;
    }
}
