package dev.loomlab.lab.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The few figures of a cell's time series that its record and its findings quote. */
public final class SeriesSummary {
    private SeriesSummary() {
    }

    public static Map<String, Double> of(List<SeriesRow> rows) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("samples", (double) rows.size());
        if (rows.isEmpty()) {
            return m;
        }
        put(m, "serverCpuCoresMean", mean(rows, SeriesRow::serverCpuCores));
        put(m, "serverRssMbMax", max(rows, SeriesRow::serverRssMb));
        put(m, "heapUsedMbMax", max(rows, SeriesRow::heapUsedMb));
        put(m, "gcPauseMsTotal", sum(rows, SeriesRow::gcPauseMs));
        put(m, "liveThreadsMax", max(rows, SeriesRow::liveThreads));
        put(m, "virtualMountedMax", max(rows, SeriesRow::virtualMounted));
        put(m, "virtualQueuedMax", max(rows, SeriesRow::virtualQueued));
        put(m, "tomcatBusyMax", max(rows, SeriesRow::tomcatBusy));
        put(m, "tomcatMax", max(rows, SeriesRow::tomcatMax));
        double tomcatMax = max(rows, SeriesRow::tomcatMax);
        if (!Double.isNaN(tomcatMax) && tomcatMax > 0) {
            long atMax = rows.stream().filter(r -> r.tomcatBusy() >= tomcatMax).count();
            m.put("tomcatBusyAtMaxShare", atMax / (double) rows.size());
        }
        put(m, "poolActiveMax", max(rows, SeriesRow::poolActive));
        put(m, "poolPendingMax", max(rows, SeriesRow::poolPending));
        put(m, "poolPendingMean", mean(rows, SeriesRow::poolPending));
        put(m, "poolTimeoutsTotal", sum(rows, SeriesRow::poolTimeouts));
        put(m, "driverCpuCoresMean", mean(rows, SeriesRow::driverCpuCores));
        put(m, "dbCpuCoresMean", mean(rows, SeriesRow::dbCpuCores));
        return m;
    }

    private static void put(Map<String, Double> m, String key, double v) {
        if (!Double.isNaN(v)) {
            m.put(key, Math.round(v * 1000) / 1000.0);
        }
    }

    static double mean(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> f) {
        return rows.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    static double max(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> f) {
        return rows.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    static double sum(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> f) {
        double[] v = rows.stream().mapToDouble(f).filter(x -> !Double.isNaN(x)).toArray();
        return v.length == 0 ? Double.NaN : java.util.Arrays.stream(v).sum();
    }
}
