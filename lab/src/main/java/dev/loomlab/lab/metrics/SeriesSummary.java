package dev.loomlab.lab.metrics;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The few figures of a cell's time series that its record and its findings quote. The CPU means here are means of the
 * rows, what a series alone can give; a cell measured live replaces them with its window's time-weighted figures
 * ({@link Sampler#windowTotals()}). The driver's and the database's means go into the cell's record of what ran beside
 * its window, not its metrics ({@code result/Beside} takes them by these keys).
 */
public final class SeriesSummary {
    /**
     * The figures, in the order a cell file lists them. Each is NaN, and left out, when no sample has
     * its metric; the statistics are rounded to three decimals, the share is kept as it is.
     */
    private static final List<Figure> FIGURES = List.of(
            rounded("serverCpuCoresMean", rows -> mean(rows, SeriesRow::serverCpuCores)),
            rounded("serverRssMbMax", rows -> max(rows, SeriesRow::serverRssMb)),
            rounded("heapUsedMbMax", rows -> max(rows, SeriesRow::heapUsedMb)),
            rounded("gcPauseMsTotal", rows -> sum(rows, SeriesRow::gcPauseMs)),
            rounded("liveThreadsMax", rows -> max(rows, SeriesRow::liveThreads)),
            rounded("virtualMountedMax", rows -> max(rows, SeriesRow::virtualMounted)),
            rounded("virtualQueuedMax", rows -> max(rows, SeriesRow::virtualQueued)),
            rounded("tomcatBusyMax", rows -> max(rows, SeriesRow::tomcatBusy)),
            rounded("tomcatMax", rows -> max(rows, SeriesRow::tomcatMax)),
            new Figure("tomcatBusyAtMaxShare", SeriesSummary::requestThreadsBusyAtMaxShare),
            rounded("poolActiveMax", rows -> max(rows, SeriesRow::poolActive)),
            rounded("poolPendingMax", rows -> max(rows, SeriesRow::poolPending)),
            rounded("poolPendingMean", rows -> mean(rows, SeriesRow::poolPending)),
            rounded("poolTimeoutsTotal", rows -> sum(rows, SeriesRow::poolTimeouts)),
            rounded("driverCpuCoresMean", rows -> mean(rows, SeriesRow::driverCpuCores)),
            rounded("dbCpuCoresMean", rows -> mean(rows, SeriesRow::dbCpuCores)));

    private SeriesSummary() {
    }

    public static Map<String, Double> of(List<SeriesRow> rows) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("samples", (double) rows.size());
        if (rows.isEmpty()) {
            return m;
        }
        for (Figure figure : FIGURES) {
            double v = figure.value().applyAsDouble(rows);
            if (!Double.isNaN(v)) {
                m.put(figure.key(), v);
            }
        }
        return m;
    }

    /** One figure: its key in the cell file and its value over the samples, NaN when there is none. */
    private record Figure(String key, ToDoubleFunction<List<SeriesRow>> value) {
    }

    /** A statistic, rounded to three decimals (NaN stays NaN: the figure is left out). */
    private static Figure rounded(String key, ToDoubleFunction<List<SeriesRow>> value) {
        return new Figure(key, rows -> {
            double v = value.applyAsDouble(rows);
            return Double.isNaN(v) ? v : Math.round(v * 1000) / 1000.0;
        });
    }

    /**
     * The share of the samples in which every request thread of the server's pool was busy; NaN when no pool was seen.
     * The key keeps its first server's name ({@code tomcat…}): cell files of every stack carry it under that name.
     */
    private static double requestThreadsBusyAtMaxShare(List<SeriesRow> rows) {
        double tomcatMax = max(rows, SeriesRow::tomcatMax);
        if (Double.isNaN(tomcatMax) || tomcatMax <= 0) {
            return Double.NaN;
        }
        long atMax = rows.stream().filter(r -> r.tomcatBusy() >= tomcatMax).count();
        return atMax / (double) rows.size();
    }

    static double mean(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> f) {
        return rows.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    static double max(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> f) {
        return rows.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    static double sum(List<SeriesRow> rows, ToDoubleFunction<SeriesRow> f) {
        double[] v = rows.stream().mapToDouble(f).filter(x -> !Double.isNaN(x)).toArray();
        return v.length == 0 ? Double.NaN : Arrays.stream(v).sum();
    }
}
