package dev.loomlab.lab.report;

import dev.loomlab.lab.catalog.AppServer;
import dev.loomlab.lab.plan.PlanBinding;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run of a service of the user's own ({@code --app shop.jar}, three requests at 200 VUs, one round), shaped as
 * issue 41 found it: tens of TPS beside a Little's-law ceiling of thousands (200 Tomcat threads over a serial S of
 * about 68 ms), and each request's figures among the cell's metrics as the cell writes them.
 */
final class OwnServiceRun {
    /** One request's figures in one cell, as the driver writes them (TPS is the cell's: its requests over the window). */
    record Figures(String request, double tps, long requests, long errors, double p50Ms, double p90Ms, double p99Ms, double maxMs) {
    }

    static final String SCENARIO = "requests";
    static final double WINDOW_S = 60;
    static final double CEILING_TPS = 2960;

    /** Per model, its requests in the plan's order. */
    static final Map<String, List<Figures>> FIGURES = Map.of(
            AppServer.PLATFORM, List.of(new Figures("home", 30.1, 1806, 0, 2101.2, 6003.4, 12011.9, 14002.5),
                    new Figures("product", 15.2, 912, 3, 2890.4, 7120.0, 13153.1, 15010.0),
                    new Figures("search", 7.3, 438, 0, 3401.7, 8002.3, 12890.6, 13999.0)),
            AppServer.VIRTUAL, List.of(new Figures("home", 25.8, 1548, 0, 4012.3, 6100.2, 7012.8, 7900.1),
                    new Figures("product", 13.1, 786, 0, 4600.9, 6800.7, 7281.4, 8103.3),
                    new Figures("search", 6.3, 378, 1, 5101.1, 7011.5, 7520.2, 8400.0)));

    private OwnServiceRun() {
    }

    static Manifest manifest() {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("name", "own-service");
        plan.put("app", "shop.jar");
        plan.put("models", List.of(AppServer.PLATFORM, AppServer.VIRTUAL));
        plan.put("scenarios", List.of(SCENARIO));
        plan.put("vus", 200);
        plan.put("rounds", 1);
        plan.put("requests", List.of(Map.of("name", "home", "path", "/", "weight", 4), Map.of("name", "product", "path", "/products/1", "weight", 2),
                Map.of("name", "search", "path", "/search?q=tea")));
        Manifest fixture = Golden.fixture().manifest();
        return new Manifest(fixture.schema(), "20261206-230000-own-service", "complete", fixture.startedAt(), fixture.finishedAt(),
                "loomlab run --app shop.jar", PlanBinding.bind("own service", plan), fixture.machine(), fixture.jdks(), fixture.versions(),
                fixture.database(), fixture.cpus(), fixture.engine(), fixture.gitCommit(),
                List.of(AppServer.PLATFORM + "/requests-r1", AppServer.VIRTUAL + "/requests-r1"));
    }

    static List<CellResult> cells() {
        return List.of(cell(AppServer.PLATFORM, 2634.0, 13153.1), cell(AppServer.VIRTUAL, 4563.0, 7281.4));
    }

    /** The run written as a run folder at {@code root}, its reports rendered as a run renders them. */
    static RunFolder write(Path root) {
        RunFolder folder = new RunFolder(root);
        folder.create();
        Manifest manifest = manifest();
        folder.writeManifest(manifest);
        List<CellResult> cells = cells();
        cells.forEach(folder::writeCell);
        ReportFiles.write(folder, manifest, cells);
        return folder;
    }

    private static CellResult cell(String model, double p50Ms, double p99Ms) {
        List<Figures> requests = FIGURES.get(model);
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("serverCpuCoresMean", 1.9);
        for (Figures f : requests) {
            String p = "request." + f.request() + ".";
            metrics.put(p + "requests", (double) f.requests());
            metrics.put(p + "errors", (double) f.errors());
            metrics.put(p + "p50Ms", f.p50Ms());
            metrics.put(p + "p90Ms", f.p90Ms());
            metrics.put(p + "p99Ms", f.p99Ms());
            metrics.put(p + "maxMs", f.maxMs());
            metrics.put(p + "tps", f.tps());
        }
        long sent = requests.stream().mapToLong(Figures::requests).sum();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("label", model);
        fields.put("cell", Map.of("model", model, "jdk", 25, "scenario", SCENARIO, "round", 1));
        fields.put("path", "/");
        fields.put("serviceTimeMs", 68);
        fields.put("workload", Map.of("shape", "closed", "vus", 200));
        fields.put("durationS", WINDOW_S);
        fields.put("requests", sent);
        fields.put("ok", sent - requests.stream().mapToLong(Figures::errors).sum());
        fields.put("tps", requests.stream().mapToDouble(Figures::tps).sum());
        fields.put("p50Ms", p50Ms);
        fields.put("p90Ms", p99Ms * 0.8);
        fields.put("p99Ms", p99Ms);
        fields.put("maxMs", p99Ms * 1.2);
        fields.put("ceilingTps", CEILING_TPS);
        fields.put("ceilingRatio", null);
        fields.put("ceilingFormula", "min(200 VUs, 200 threads) / 0.068 s = 2960.0 TPS");
        fields.put("limitedBy", "cpu");
        fields.put("limitNote", "the server's CPU was saturated");
        Map<String, Object> files = new LinkedHashMap<>();
        for (String file : List.of("hlog", "serverLog", "timeseries", "jfr")) {
            files.put(file, null);
        }
        fields.put("files", files);
        fields.put("metrics", metrics);
        fields.put("jfrEvents", null);
        fields.put("okPerSecond", null);
        fields.put("tpsHalfWidth", null);
        return Golden.mvcVirtualBlockWith(fields);
    }

    /** Every request row of the run: model, then its figures. */
    static List<Map.Entry<String, Figures>> rows() {
        List<Map.Entry<String, Figures>> out = new ArrayList<>();
        for (String model : List.of(AppServer.PLATFORM, AppServer.VIRTUAL)) {
            FIGURES.get(model).forEach(f -> out.add(Map.entry(model, f)));
        }
        return out;
    }
}
