package dev.loomlab.lab.findings;

import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Hand-made cells and time series for the rules' tests: every figure a plain field, NaN = not measured. */
final class TestCell {
    String status = "ok";
    String model = "mvc-platform";
    String scenario = "block";
    long serviceTimeMs = 1000;
    /** The load's shape; null: a cell that recorded none. */
    Workload workload = new Workload.Closed(500);
    Double achievedRate;
    Long unsent;
    double durationS = 10;
    long requests = 2000;
    double tps = 150;
    double p50Ms = 1000;
    /** The tail; null = the median (a cell without spread). */
    Double p90Ms;
    Double p99Ms;
    Map<String, Double> metrics = new LinkedHashMap<>();
    Map<String, Long> errors = new LinkedHashMap<>(Map.of("connect", 0L, "timeout", 0L, "status4xx", 0L, "status5xx", 0L, "other", 0L));
    Double ceilingTps = 200.0;
    Double serverCpuCores;
    Double driverCpuS;
    Map<String, String> cpus = new LinkedHashMap<>(Map.of("server", "1", "driver", "0", "database", "0"));
    String serverJdk = "25.0.1";
    Map<String, Long> jfrEvents = new LinkedHashMap<>(Map.of(JfrCounts.PINNED, 0L, JfrCounts.SUBMIT_FAILED, 0L));

    static TestCell cell() {
        return new TestCell();
    }

    TestCell with(Consumer<TestCell> change) {
        change.accept(this);
        return this;
    }

    TestCell error(String kind, long n) {
        errors.put(kind, n);
        return this;
    }

    /** {@code model} on {@code scenario}: what a cell is first named by. */
    TestCell on(String model, String scenario) {
        return with(t -> {
            t.model = model;
            t.scenario = scenario;
        });
    }

    TestCell jdk(String serverJdk) {
        return with(t -> t.serverJdk = serverJdk);
    }

    TestCell tps(double tps) {
        return with(t -> t.tps = tps);
    }

    /** The ceiling the cell was judged against; null: none. */
    TestCell ceiling(Double ceilingTps) {
        return with(t -> t.ceilingTps = ceilingTps);
    }

    TestCell requests(long requests) {
        return with(t -> t.requests = requests);
    }

    /** The median and the tail; a null tail is the median. */
    TestCell latencyMs(double p50, Double p90, Double p99) {
        return with(t -> {
            t.p50Ms = p50;
            t.p90Ms = p90;
            t.p99Ms = p99;
        });
    }

    TestCell metric(String name, double value) {
        metrics.put(name, value);
        return this;
    }

    TestCell jfr(String event, long n) {
        jfrEvents.put(event, n);
        return this;
    }

    /**
     * The record, built by field name through the lab's own JSON mapper (as a cell file is read),
     * so fields added to {@link CellResult} by others do not break these tests.
     */
    CellResult build() {
        String stem = CellResult.stem(scenario, 1);
        Map<String, Object> f = new LinkedHashMap<>();
        // Spelled as a schema-1 cell file (the label names the cell): the reader gives it its typed identity. Its load is
        // already typed (schema 5's workload): the reader leaves a cell with a workload as it is.
        f.put("schema", 1);
        f.put("status", status);
        f.put("failure", "ok".equals(status) ? null : "it broke");
        f.put("model", model);
        f.put("scenario", scenario);
        f.put("round", 1);
        f.put("engine", "hyperfoil");
        f.put("path", "/" + scenario);
        f.put("serviceTimeMs", serviceTimeMs);
        // As a tree of its own: a Workload among a map's Objects would be written without its shape.
        f.put("workload", workload == null ? null : RunFolder.json().valueToTree(workload));
        f.put("achievedRate", achievedRate);
        f.put("unsent", unsent);
        f.put("warmupS", 5.0);
        f.put("durationS", durationS);
        f.put("requests", requests);
        f.put("ok", requests);
        f.put("tps", tps);
        f.put("p50Ms", p50Ms);
        f.put("p90Ms", p90Ms == null ? p50Ms : p90Ms);
        f.put("p99Ms", p99Ms == null ? p50Ms : p99Ms);
        f.put("maxMs", p50Ms);
        f.put("errors", errors);
        f.put("ceilingTps", ceilingTps);
        f.put("ceilingRatio", ceilingTps == null ? null : tps / ceilingTps);
        f.put("ceilingFormula", "formula");
        f.put("limitedBy", "unexplained");
        f.put("limitNote", "note");
        f.put("serverCpuCores", serverCpuCores);
        f.put("driverCpuS", driverCpuS);
        f.put("cpus", cpus);
        f.put("serverJdk", serverJdk);
        f.put("hlog", "cells/" + model + "/" + stem + ".hlog");
        f.put("serverLog", "logs/" + model + "-" + stem + ".server.log");
        f.put("timeseries", "cells/" + model + "/" + stem + ".timeseries.csv");
        f.put("jfr", "cells/" + model + "/" + stem + ".jfr");
        f.put("metrics", metrics);
        f.put("jfrEvents", jfrEvents);
        f.put("findings", List.of());
        return RunFolder.cell(RunFolder.json().valueToTree(f));
    }

    /** One second of a time series; every metric NaN (not measured) until set. */
    static final class Row {
        double serverCpuCores = Double.NaN;
        double serverRssMb = Double.NaN;
        double heapUsedMb = Double.NaN;
        double gcPauseMs = Double.NaN;
        double liveThreads = Double.NaN;
        double virtualMounted = Double.NaN;
        double virtualQueued = Double.NaN;
        double pinnedEvents = Double.NaN;
        double tomcatBusy = Double.NaN;
        double tomcatMax = Double.NaN;
        double poolActive = Double.NaN;
        double poolIdle = Double.NaN;
        double poolPending = Double.NaN;
        double poolTimeouts = Double.NaN;
        double driverCpuCores = Double.NaN;
        double dbCpuCores = Double.NaN;

        SeriesRow toRow(double tS) {
            return new SeriesRow(tS, serverCpuCores, serverRssMb, heapUsedMb, gcPauseMs, liveThreads, virtualMounted, virtualQueued,
                    pinnedEvents, tomcatBusy, tomcatMax, poolActive, poolIdle, poolPending, poolTimeouts, driverCpuCores, dbCpuCores);
        }
    }

    /** {@code n} one-second rows, each set by {@code row} from its index. */
    static List<SeriesRow> rows(int n, RowSetter row) {
        List<SeriesRow> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Row r = new Row();
            row.set(i, r);
            out.add(r.toRow(i + 1));
        }
        return out;
    }

    static List<SeriesRow> rows(int n, Consumer<Row> row) {
        return rows(n, (i, r) -> row.accept(r));
    }

    @FunctionalInterface
    interface RowSetter {
        void set(int second, Row row);
    }
}
