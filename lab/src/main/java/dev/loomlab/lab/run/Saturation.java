package dev.loomlab.lab.run;

import dev.loomlab.database.RunningDatabase;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.scenario.Scenario;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Seed 001's method, automated: raise the virtual users step by step until a level misses the
 * {@link Objective} (errors appear, or p99 passes the SLO), per model; report the last good level
 * and the knee (where throughput stops rising), and keep every point for a TPS-vs-load chart. Every point is a full cell:
 * a fresh server, contract check, warm-up, measured window.
 */
public final class Saturation {
    /** Throughput within this share of the best level counts as "stopped rising": the knee. */
    public static final double KNEE_SHARE = 0.95;

    /** Why a model's search stopped when every level met the objective. */
    static final String LAST_LEVEL = "reached the last level";

    /**
     * One level of a model's search, as its cell measured it.
     *
     * @param errors    the window's failed requests, every kind
     * @param requests  the window's completed requests, any outcome: the errors' share is of these
     * @param footprint what the level cost its server
     */
    public record Point(int vus, double tps, double p50Ms, double p99Ms, long errors, long requests, Double ceilingTps, String limitedBy,
                        Footprint footprint) {
        static Point of(int vus, CellResult cell) {
            long errors = cell.errors() == null ? 0 : cell.errors().values().stream().mapToLong(Long::longValue).sum();
            return new Point(vus, cell.tps(), cell.p50Ms(), cell.p99Ms(), errors, cell.requests(), cell.ceilingTps(), cell.limitedBy(),
                    Footprint.of(cell));
        }
    }

    /**
     * @param lastGoodVus the highest level that met the objective, or null if none
     * @param kneeVus     the first level whose TPS reached {@link #KNEE_SHARE} of the best TPS
     * @param stopReason  why raising stopped (the level that missed the objective, a failed cell, or the last level)
     */
    public record ModelResult(String model, List<Point> points, Integer lastGoodVus, Integer kneeVus, String stopReason) {
    }

    /** What every level of a search shares: the database, the manifest, the progress line and the cells so far. */
    private record Search(RunningDatabase db, Manifest manifest, Progress progress, List<String> order) {
    }

    private final Runner runner;

    /** @param runner the run's plan, folder, CPUs, engine and output; each level is its plan at other VUs */
    public Saturation(Runner runner) {
        this.runner = runner;
    }

    /** Each model of the plan raised through {@code levels} until a level misses {@code objective}; the run folder written. */
    public List<ModelResult> search(List<Integer> levels, Objective objective) {
        Plan plan = runner.plan;
        RunFolder folder = runner.folder;
        folder.create();
        Scenario scenario = plan.scenarios().getFirst();
        List<ModelResult> results = new ArrayList<>();
        List<String> order = new ArrayList<>();
        try (RunningDatabase db = DatabaseStarter.start(plan, runner.session.cpus())) {
            Manifest manifest = runner.manifestBuilder.database(db.description()).build();
            folder.writeManifest(manifest);
            Search search = new Search(db, manifest,
                    new Progress(runner.out, plan.models().size() * levels.size(), plan.window().total().plusSeconds(10)), order);
            for (Model model : plan.models()) {
                results.add(searchModel(model, levels, objective, search));
            }
            Manifest finished = manifest.withStatus("complete", Instant.now().toString(), List.copyOf(order));
            folder.writeManifest(finished);
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("scenario", scenario.id());
            json.put("sloP99Ms", objective.p99Ms());
            json.put("errorShare", objective.errorShare());
            json.put("levels", levels);
            json.put("models", results);
            AtomicWrite.write(folder.root().resolve("saturation.json"), RunFolder.json().writeValueAsString(json) + "\n");
            String md = markdown(scenario, objective, results);
            AtomicWrite.write(folder.root().resolve("saturation.md"), md);
            ReportFiles.write(folder, finished, folder.readCells());
            runner.out.println();
            runner.out.print(md);
        }
        return results;
    }

    /** One model raised level by level until a level misses the objective or its cell fails. */
    private ModelResult searchModel(Model model, List<Integer> levels, Objective objective, Search search) {
        Scenario scenario = runner.plan.scenarios().getFirst();
        List<Point> points = new ArrayList<>();
        String stop = LAST_LEVEL;
        for (int i = 0; i < levels.size(); i++) {
            int vus = levels.get(i);
            search.progress().cellStarts(search.order().size() + 1, model + " / " + scenario + " / " + vus + " VUs");
            Jdk serverJdk = runner.serverJdk(model, null);
            CellResult result = runner.cellRun(runner.plan.withVus(vus), search.db())
                    .run(Cell.of(model, serverJdk.feature(), null, scenario, i + 1), serverJdk, search.progress());
            runner.folder.writeCell(result);
            search.order().add(model + "/" + CellResult.stem(scenario.id(), i + 1));
            runner.folder.writeManifest(search.manifest().withStatus("running", null, List.copyOf(search.order())));
            if (!result.succeeded()) {
                search.progress().cellDone("FAILED: " + result.failure());
                stop = "the cell at " + vus + " VUs failed: " + result.failure();
                break;
            }
            Point point = Point.of(vus, result);
            points.add(point);
            search.progress().cellDone(String.format(Locale.ROOT, "%.1f TPS, p99 %.0f ms, %d errors", point.tps(), point.p99Ms(), point.errors()));
            Optional<String> missed = objective.missedBy(point);
            if (missed.isPresent()) {
                stop = missed.get();
                break;
            }
        }
        return analyse(model.id(), points, objective, stop);
    }

    static ModelResult analyse(String model, List<Point> points, Objective objective, String stop) {
        Integer lastGood = null;
        for (Point p : points) {
            if (objective.meets(p)) {
                lastGood = p.vus();
            }
        }
        double best = points.stream().mapToDouble(Point::tps).max().orElse(0);
        Integer knee = points.stream().filter(p -> p.tps() >= KNEE_SHARE * best).map(Point::vus).findFirst().orElse(null);
        return new ModelResult(model, List.copyOf(points), lastGood, knee, stop);
    }

    static String markdown(Scenario scenario, Objective objective, List<ModelResult> results) {
        StringBuilder md = new StringBuilder("# Saturation search: ").append(scenario.id()).append("\n\n");
        md.append("VUs raised level by level until a level misses the objective, ").append(objective.describe())
                .append(". The knee is the first level whose TPS reached ")
                .append((int) (KNEE_SHARE * 100)).append(" % of the model's best.\n\n");
        md.append("| model | last good VUs | knee VUs | best TPS | stopped because |\n|---|---:|---:|---:|---|\n");
        for (ModelResult r : results) {
            double best = r.points().stream().mapToDouble(Point::tps).max().orElse(0);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f | %s |%n", r.model(),
                    r.lastGoodVus() == null ? "none" : r.lastGoodVus(), r.kneeVus() == null ? "—" : r.kneeVus(), best, r.stopReason()));
        }
        for (ModelResult r : results) {
            md.append("\n## ").append(r.model()).append("\n\n| VUs | TPS | p50 ms | p99 ms | errors | ceiling TPS | limited by |\n|---:|---:|---:|---:|---:|---:|---|\n");
            for (Point p : r.points()) {
                md.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.1f | %d | %s | %s |%n", p.vus(), p.tps(), p.p50Ms(),
                        p.p99Ms(), p.errors(), p.ceilingTps() == null ? "—" : String.format(Locale.ROOT, "%.1f", p.ceilingTps()),
                        p.limitedBy()));
            }
        }
        return md.toString();
    }

    /** Levels from..to in {@code steps} even steps, rounded to whole VUs. */
    public static List<Integer> levels(int from, int to, int steps) {
        List<Integer> levels = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            int v = steps == 1 ? to : (int) Math.round(from + (to - from) * (double) i / (steps - 1));
            if (levels.isEmpty() || levels.getLast() != v) {
                levels.add(v);
            }
        }
        return levels;
    }
}
