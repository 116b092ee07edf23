package dev.loomlab.lab.ceiling;

import dev.loomlab.lab.metrics.SeriesRow;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * What was measured, over one cell's window, of each resource that can hold a cell below its ceiling. NaN (or a
 * negative count) where it was not measured: then it explains nothing.
 *
 * @param serverCpuCores   the server's CPU, in cores, time-weighted over the window
 * @param serverCores      the server's cores (its CPU set); 0 when not known
 * @param gcPauseShare     the share of the window the server's GC paused it (stop-the-world)
 * @param carrierQueued    virtual threads queued for a carrier, mean over the window's samples
 * @param carrierQueuedShare the share of samples with at least one virtual thread queued
 * @param carriers         the server's carrier threads' cores (the backlog is judged per core); 0 when not known
 * @param poolWaitShare    the share of samples in which requests waited for a database connection
 * @param driverCpuCores   the load driver's CPU, in cores
 * @param driverCores      the driver's cores (its CPU set); 0 when not known
 * @param driverCoresBusy  every process on the driver's cores together (the driver, and the database when they share
 *                         them), in cores: contention for the driver's CPU even when the driver itself is not busy
 * @param acceptDrops      connections the server's kernel dropped or overflowed from its listen queue in the window
 */
public record Resources(double serverCpuCores, int serverCores, double gcPauseShare, double carrierQueued,
                        double carrierQueuedShare, int carriers, double poolWaitShare, double driverCpuCores, int driverCores,
                        double driverCoresBusy, long acceptDrops) {

    /**
     * The resources of a measured window: its 1-second rows, the CPU sets the cell ran on ({@code server},
     * {@code driver}, {@code database} as taskset lists), its length and the window totals of the time series.
     *
     * @param serverCpuCores the server's CPU over the window (null: the rows' mean)
     * @param carriers       the cores the server's carriers run on; 0 when not known
     */
    public static Resources of(List<SeriesRow> rows, Map<String, String> cpus, double windowS, Double serverCpuCores, int serverCores,
                               int carriers, Map<String, Double> totals) {
        double paused = sum(rows, SeriesRow::gcPauseMs);
        double driverCpu = mean(rows, SeriesRow::driverCpuCores);
        Set<Integer> driverSet = cpuSet(cpus == null ? null : cpus.get("driver"));
        Set<Integer> databaseSet = cpuSet(cpus == null ? null : cpus.get("database"));
        // The database on the driver's cores competes with it for them (the default layout puts both on CPU 0).
        double database = mean(rows, SeriesRow::dbCpuCores);
        double busy = driverCpu + (!driverSet.isEmpty() && driverSet.equals(databaseSet) && !Double.isNaN(database) ? database : 0);
        long drops = -1;
        if (totals != null && (totals.get("listenDrops") != null || totals.get("listenOverflows") != null)) {
            drops = (long) Math.max(orZero(totals.get("listenDrops")), orZero(totals.get("listenOverflows")));
        }
        return new Resources(serverCpuCores != null ? serverCpuCores : mean(rows, SeriesRow::serverCpuCores), serverCores,
                windowS > 0 ? paused / (1000 * windowS) : Double.NaN,
                mean(rows, SeriesRow::virtualQueued), share(rows, SeriesRow::virtualQueued),
                carriers, share(rows, SeriesRow::poolPending), driverCpu, driverSet.size(), busy, drops);
    }

    /** The CPUs of a taskset list such as {@code 1}, {@code 0-3} or {@code 0,2-3}; empty when absent or unreadable. */
    public static Set<Integer> cpuSet(String list) {
        Set<Integer> out = new TreeSet<>();
        if (list == null || list.isBlank()) {
            return out;
        }
        try {
            for (String part : list.split(",")) {
                String[] ends = part.strip().split("-");
                int from = Integer.parseInt(ends[0].strip());
                int to = ends.length == 1 ? from : Integer.parseInt(ends[1].strip());
                for (int c = from; c <= to; c++) {
                    out.add(c);
                }
            }
        } catch (NumberFormatException e) {
            return new TreeSet<>();
        }
        return out;
    }

    private static double[] values(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> metric) {
        return rows.stream().mapToDouble(metric).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static double mean(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> metric) {
        return Arrays.stream(values(rows, metric)).average().orElse(Double.NaN);
    }

    private static double sum(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> metric) {
        double[] v = values(rows, metric);
        return v.length == 0 ? Double.NaN : Arrays.stream(v).sum();
    }

    /** The share of the samples that have the metric in which it is above zero. */
    private static double share(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> metric) {
        double[] v = values(rows, metric);
        return v.length == 0 ? Double.NaN : Arrays.stream(v).filter(x -> x > 0).count() / (double) v.length;
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    /** Nothing measured but the server's CPU (a cell judged on its own figures). */
    public static Resources cpuOnly(Double serverCpuCores, int serverCores) {
        return new Resources(serverCpuCores == null ? Double.NaN : serverCpuCores, serverCores, Double.NaN, Double.NaN, Double.NaN,
                0, Double.NaN, Double.NaN, 0, Double.NaN, -1);
    }
}
