package dev.loomlab.lab.result;

import dev.loomlab.load.Workload;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * One measured cell, as written to {@code cells/<label>/<scenario>-r<round>.json}. Its identity is the typed
 * {@link Cell} (model, JDK, JDBC driver, scenario, round); {@code label} is derived from it when the cell is made
 * and serves display and file names only — readers use {@link #cell()}, never the label.
 * The schema is documented in {@code docs/results.md}; bump {@link #SCHEMA} when a field changes meaning.
 *
 * @param label        the cell's name as rows, files and folders show it ({@code mvc-virtual-jdk21-mysql-8.1.0})
 * @param cell         what served the cell, on which JDK and JDBC driver, which scenario and round
 * @param status       {@code ok} or {@code failed} (then {@code failure} says why and the figures may be empty)
 * @param path         the request path with its arguments, e.g. {@code /block?ms=1000}
 * @param serviceTimeMs the scenario's sleep: Little's law's S
 * @param workload     the load's shape as the plan gave it: closed (virtual users), open (arrivals per second) or a
 *                     burst (requests at once); null only in an old cell that failed before it recorded its load
 * @param achievedRate requests actually sent per second of the window
 * @param unsent       open model: scheduled requests that could not be sent (null in the closed model)
 * @param wallTimeMs   burst shape: first send to last completion (null otherwise)
 * @param durationS    the measured window actually covered, in seconds
 * @param requests     requests completed in the window, any outcome
 * @param tps          successful (2xx) responses per second of the window
 * @param errors       counts by kind: connect, timeout, status4xx, status5xx, other
 * @param ceilingTps   Little's law's ceiling, null when the scenario has no sleep
 * @param ceilingRatio tps / ceilingTps
 * @param ceilingFormula the ceiling's arithmetic
 * @param limitedBy    what limited the cell ({@link dev.loomlab.lab.ceiling.Verdict}): the ceiling's own limit (vus, rate,
 *                     threads, pool, carriers), a measured resource below it (cpu, gc, carriers, pool, driver,
 *                     driver-core, accept-queue), errors, noise, unexplained
 * @param limitNote    one sentence of evidence for {@code limitedBy}
 * @param serverCpuCores server process CPU (cores) during the window
 * @param driverCpuS   load driver CPU-seconds during the window
 * @param cpus         which CPUs the server, the driver and the database ran on
 * @param serverJdk    the server JVM's version
 * @param files        the cell's files in its run folder (latency log, server log, time series, flight recording);
 *                     never null, each path null when the cell has no such file
 * @param metrics      figures of the time series (means, maxima, totals over the window)
 * @param beside       what ran beside the cell in its window (driver, database, the lab, the rest of the machine), each
 *                     CPU figure absent when not measured; {@link Beside#UNKNOWN} in a failed cell
 * @param jfrEvents    counts of jdk.VirtualThreadPinned and jdk.VirtualThreadSubmitFailed in the window
 * @param findings     what each rule found: its id and the figures it used; the sentences are rendered from the
 *                     cell's evidence at report time, so a report applies the rules of the loomlab that renders it
 * @param topology     where the drivers, the server and the database ran (mode, namespaces, addresses, delays)
 *                     and how many drivers made the load with each one's share; null in cells written before it
 * @param okPerSecond  2xx answers in each second of the window, by completion, as the engine counted them; null when the
 *                     engine counts none per second (k6, wrk) and in cells of schema 2 or older
 * @param tpsHalfWidth half-width of the 95 % confidence interval of {@code tps} within this round: Student's t over the
 *                     batch means of {@code okPerSecond}; null when there is no per-second series
 * @param stages       how long each stage of the cell took (server start, verification, driver start, warm-up,
 *                     window, drain, stop, judging) and its wall time; {@link StageTimes#NONE} in cells written before it
 * @param steady       whether the cell was measured in steady state; null in cells of schema 3 or older
 * @param serverRssMbIdle the server's resident set (MB) read once after its contract check and before its load: what
 *                     the model holds at rest; null when not read (a target cell, a failed one, cells of schema 6 or older)
 * @param shapeFigures what the plan's load shape measured ({@code shape: soak} its trends, a spike its errors and
 *                     recovery); null in a steady cell, a failed one, and cells of schema 8 or older
 */
public record CellResult(
        int schema,
        String status,
        String failure,
        String label,
        @JsonSerialize(converter = CellJson.Out.class) @JsonDeserialize(converter = CellJson.In.class) Cell cell,
        String engine,
        String path,
        long serviceTimeMs,
        Workload workload,
        Double achievedRate,
        Long unsent,
        Double wallTimeMs,
        double warmupS,
        double durationS,
        long requests,
        long ok,
        double tps,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        double maxMs,
        Map<String, Long> errors,
        Double ceilingTps,
        Double ceilingRatio,
        String ceilingFormula,
        String limitedBy,
        String limitNote,
        Double serverCpuCores,
        Double driverCpuS,
        Map<String, String> cpus,
        String serverJdk,
        Artifacts files,
        Map<String, Double> metrics,
        Beside beside,
        Map<String, Long> jfrEvents,
        List<Fact> findings,
        Map<String, Object> topology,
        List<Long> okPerSecond,
        Double tpsHalfWidth,
        StageTimes stages,
        Steadiness steady,
        Double serverRssMbIdle,
        ServerStart serverStart,
        @JsonInclude(JsonInclude.Include.NON_NULL) ShapeFigures shapeFigures) {

    /**
     * 2: the identity became {@code label} + {@code cell}, findings became rule ids with their figures,
     * and the four file paths became {@code files}. 3: {@code okPerSecond} and {@code tpsHalfWidth} (the round's
     * own confidence interval), and {@code limitedBy} may say {@code gc}, {@code carriers}, {@code driver},
     * {@code driver-core}, {@code accept-queue} or {@code noise} for a cell below its ceiling. A schema-2 cell reads
     * as it is, with the two new fields null. 4: {@code steady} (whether the cell was measured in steady state),
     * {@code warmupS} the warm-up the cell used (a settling one's own length), {@code tps} of a closed load from its
     * users' cycles, and {@code limitedBy} may say {@code not-settled} or {@code anomaly}; a schema-3 cell reads with
     * {@code steady} null. 5: {@code workload} (the load's shape, typed as the plan types it) in place of the
     * nullable {@code vus}, {@code rate} and {@code burst}, of which older cells set one; {@link LoadShapeCell} moves
     * it into {@code workload} on read. 6: {@code beside} (what ran beside the cell in its window, typed) in place of
     * the {@code metrics} keys {@code driverCpuCoresMean}, {@code dbCpuCoresMean}, {@code labCpuCoresMean} and
     * {@code otherCpuCoresMean}; {@link BesideCell} moves them into {@code beside} on read. 7: {@code serverRssMbIdle}
     * (the server's resident set at rest, before its load); an older cell reads with it null, never read as zero.
     * 8: {@code serverStart} (how the server started: from its start-up cache, training it, or cold; {@link ServerStart}),
     * which says what the time to its first correct answer is the cost of; an older cell reads with it
     * {@link ServerStart#UNKNOWN}, never as cold.
     * 9: {@code shapeFigures} (a soak's trends, a spike's errors and recovery); a cell of schema 8 or older had no
     * shape but steady and reads with it null: no shape figures, never a flat trend.
     */
    public static final int SCHEMA = 9;

    public CellResult {
        findings = findings == null ? null : List.copyOf(findings);
        files = files == null ? Artifacts.NONE : files;
        stages = stages == null ? StageTimes.NONE : stages;
        beside = beside == null ? Beside.UNKNOWN : beside;
        // a cell that did not record it (schema 7 or older: the field is absent) reads as unknown, never as cold
        serverStart = serverStart == null ? ServerStart.UNKNOWN : serverStart;
    }

    /**
     * The files of the run folder a cell points at, each relative to the folder's root; null where the cell
     * has none (a cell that failed before its load has no latency log, a target cell no server log).
     *
     * @param hlog       the latency histogram log (HdrHistogram interval log, ns)
     * @param serverLog  the server's log file
     * @param timeseries the 1-second time series of the window (CSV)
     * @param jfr        the server's flight recording (opens in JDK Mission Control)
     */
    public record Artifacts(String hlog, String serverLog, String timeseries, String jfr) {
        /** A cell without files. */
        public static final Artifacts NONE = new Artifacts(null, null, null, null);
    }

    /** The scenario's id (the cell's identity holds the scenario itself). */
    public String scenario() {
        return cell.scenario().id();
    }

    public int round() {
        return cell.round();
    }

    /** The same cell with where it ran recorded. */
    public CellResult withTopology(Map<String, Object> newTopology) {
        return new CellResult(schema, status, failure, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                metrics, beside, jfrEvents, findings, newTopology, okPerSecond, tpsHalfWidth, stages, steady, serverRssMbIdle, serverStart, shapeFigures);
    }

    /** The same cell with one more figure in its metrics. */
    public CellResult withMetric(String name, double value) {
        Map<String, Double> more = new LinkedHashMap<>(metrics == null ? Map.of() : metrics);
        more.put(name, value);
        return new CellResult(schema, status, failure, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                more, beside, jfrEvents, findings, topology, okPerSecond, tpsHalfWidth, stages, steady, serverRssMbIdle, serverStart, shapeFigures);
    }

    /** The same cell with how long its stages took. */
    public CellResult withStages(StageTimes newStages) {
        return new CellResult(schema, status, failure, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                metrics, beside, jfrEvents, findings, topology, okPerSecond, tpsHalfWidth, newStages, steady, serverRssMbIdle, serverStart, shapeFigures);
    }

    /** The same cell with what its load shape measured. */
    public CellResult withShapeFigures(ShapeFigures figures) {
        return new CellResult(schema, status, failure, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                metrics, beside, jfrEvents, findings, topology, okPerSecond, tpsHalfWidth, stages, steady, serverRssMbIdle, serverStart, figures);
    }

    /** Whether the cell was measured (its own errors are results; only a failed cell has no figures). */
    public boolean succeeded() {
        return "ok".equals(status);
    }

    /**
     * The same cell with what its server was before its load: its resident set at rest (null: not read) and how it
     * started, as far as its start-up cache goes.
     */
    public CellResult withServerAtRest(Double rssMb, ServerStart start) {
        return new CellResult(schema, status, failure, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                metrics, beside, jfrEvents, findings, topology, okPerSecond, tpsHalfWidth, stages, steady, rssMb, start, shapeFigures);
    }

    /** The same cell with what the rules found in it. */
    public CellResult withFindings(List<Fact> newFindings) {
        return new CellResult(schema, status, failure, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                metrics, beside, jfrEvents, newFindings, topology, okPerSecond, tpsHalfWidth, stages, steady, serverRssMbIdle, serverStart, shapeFigures);
    }

    /** The same cell with another status: {@code skipped} (not served on this model or JDK) or {@code failed} (a check after the load). */
    public CellResult withStatus(String newStatus, String reason) {
        return new CellResult(schema, newStatus, reason, label, cell, engine, path, serviceTimeMs, workload,
                achievedRate, unsent, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, files,
                metrics, beside, jfrEvents, findings, topology, okPerSecond, tpsHalfWidth, stages, steady, serverRssMbIdle, serverStart, shapeFigures);
    }

    /** The measured cell marked failed by a check after its load (its figures kept, to show what failed). */
    public CellResult failedBecause(String reason) {
        return withStatus("failed", reason);
    }

    /** The file name stem shared by a cell's JSON and histogram log. */
    public static String stem(String scenario, int round) {
        return scenario + "-r" + round;
    }
}
