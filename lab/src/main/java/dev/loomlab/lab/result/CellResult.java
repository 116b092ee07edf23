package dev.loomlab.lab.result;

import java.util.Map;

/**
 * One measured cell (model × scenario × round), as written to {@code cells/<model>/<scenario>-r<round>.json}.
 * The schema is documented in {@code docs/results.md}; bump {@link #SCHEMA} when a field changes meaning.
 *
 * @param status       {@code ok} or {@code failed} (then {@code failure} says why and the figures may be empty)
 * @param path         the request path with its arguments, e.g. {@code /block?ms=1000}
 * @param serviceTimeMs the scenario's sleep: Little's law's S
 * @param vus          closed model: virtual users; null in the open model
 * @param rate         open model: requested arrivals per second; null in the closed model
 * @param achievedRate requests actually sent per second of the window
 * @param unsent       open model: scheduled requests that could not be sent (null in the closed model)
 * @param burst        burst shape: requests fired at once (null otherwise)
 * @param wallTimeMs   burst shape: first send to last completion (null otherwise)
 * @param durationS    the measured window actually covered, in seconds
 * @param requests     requests completed in the window, any outcome
 * @param tps          successful (2xx) responses per second of the window
 * @param errors       counts by kind: connect, timeout, status4xx, status5xx, other
 * @param ceilingTps   Little's law's ceiling, null when the scenario has no sleep
 * @param ceilingRatio tps / ceilingTps
 * @param ceilingFormula the ceiling's arithmetic
 * @param limitedBy    vus, threads, pool, cpu, errors or unexplained
 * @param limitNote    one sentence of evidence for {@code limitedBy}
 * @param serverCpuCores server process CPU (cores) during the window
 * @param driverCpuS   load driver CPU-seconds during the window
 * @param cpus         which CPUs the server, the driver and the database ran on
 * @param serverJdk    the server JVM's version
 * @param hlog         the latency histogram log (HdrHistogram interval log, ns), relative to the run folder
 * @param serverLog    the server's log file, relative to the run folder
 * @param timeseries   the 1-second time series of the window (CSV), relative to the run folder
 * @param jfr          the server's flight recording (opens in JDK Mission Control), relative to the run folder
 * @param metrics      figures of the time series (means, maxima, totals over the window)
 * @param jfrEvents    counts of jdk.VirtualThreadPinned and jdk.VirtualThreadSubmitFailed in the window
 * @param findings     one sentence per finding, each naming its evidence
 * @param topology     where the drivers, the server and the database ran (mode, namespaces, addresses, delays)
 *                     and how many drivers made the load with each one's share; null in cells written before it
 */
public record CellResult(
        int schema,
        String status,
        String failure,
        String model,
        String scenario,
        int round,
        String engine,
        String path,
        long serviceTimeMs,
        Integer vus,
        Double rate,
        Double achievedRate,
        Long unsent,
        Integer burst,
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
        String hlog,
        String serverLog,
        String timeseries,
        String jfr,
        Map<String, Double> metrics,
        Map<String, Long> jfrEvents,
        java.util.List<String> findings,
        Map<String, Object> topology) {

    public static final int SCHEMA = 1;

    /** A cell without a topology record (the local topology, one driver, as every cell before it). */
    public CellResult(int schema, String status, String failure, String model, String scenario, int round, String engine,
                      String path, long serviceTimeMs, Integer vus, Double rate, Double achievedRate, Long unsent, Integer burst,
                      Double wallTimeMs, double warmupS, double durationS, long requests, long ok, double tps, double p50Ms,
                      double p90Ms, double p99Ms, double maxMs, Map<String, Long> errors, Double ceilingTps, Double ceilingRatio,
                      String ceilingFormula, String limitedBy, String limitNote, Double serverCpuCores, Double driverCpuS,
                      Map<String, String> cpus, String serverJdk, String hlog, String serverLog, String timeseries, String jfr,
                      Map<String, Double> metrics, Map<String, Long> jfrEvents, java.util.List<String> findings) {
        this(schema, status, failure, model, scenario, round, engine, path, serviceTimeMs, vus, rate, achievedRate, unsent, burst,
                wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps, ceilingRatio,
                ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, hlog, serverLog, timeseries, jfr,
                metrics, jfrEvents, findings, null);
    }

    /** The same cell with where it ran recorded. */
    public CellResult withTopology(Map<String, Object> newTopology) {
        return new CellResult(schema, status, failure, model, scenario, round, engine, path, serviceTimeMs, vus, rate,
                achievedRate, unsent, burst, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, hlog,
                serverLog, timeseries, jfr, metrics, jfrEvents, findings, newTopology);
    }

    /** Whether the cell was measured (its own errors are results; only a failed cell has no figures). */
    public boolean succeeded() {
        return "ok".equals(status);
    }

    public CellResult withFindings(java.util.List<String> newFindings) {
        return new CellResult(schema, status, failure, model, scenario, round, engine, path, serviceTimeMs, vus, rate,
                achievedRate, unsent, burst, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, hlog,
                serverLog, timeseries, jfr, metrics, jfrEvents, java.util.List.copyOf(newFindings), topology);
    }

    /** The same cell with another status: {@code skipped} (not served on this model or JDK) or {@code failed} (a check after the load). */
    public CellResult withStatus(String newStatus, String reason) {
        return new CellResult(schema, newStatus, reason, model, scenario, round, engine, path, serviceTimeMs, vus, rate,
                achievedRate, unsent, burst, wallTimeMs, warmupS, durationS, requests, ok, tps, p50Ms, p90Ms, p99Ms, maxMs, errors, ceilingTps,
                ceilingRatio, ceilingFormula, limitedBy, limitNote, serverCpuCores, driverCpuS, cpus, serverJdk, hlog,
                serverLog, timeseries, jfr, metrics, jfrEvents, findings, topology);
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
