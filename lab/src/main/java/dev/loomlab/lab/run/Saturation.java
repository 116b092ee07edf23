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
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 001's method, automated: raise the virtual users step by step until errors appear or
 * p99 passes an SLO, per model; report the last good level and the knee (where throughput
 * stops rising), and keep every point for a TPS-vs-load chart. Every point is a full cell:
 * a fresh server, contract check, warm-up, measured window.
 */
public final class Saturation {
    /** Throughput within this share of the best level counts as "stopped rising": the knee. */
    public static final double KNEE_SHARE = 0.95;

    public record Point(int vus, double tps, double p50Ms, double p99Ms, long errors, Double ceilingTps, String limitedBy) {
    }

    /**
     * @param lastGoodVus the highest level with no errors and p99 within the SLO, or null if none
     * @param kneeVus     the first level whose TPS reached {@link #KNEE_SHARE} of the best TPS
     * @param stopReason  why raising stopped (errors, SLO, or the last level)
     */
    public record ModelResult(String model, List<Point> points, Integer lastGoodVus, Integer kneeVus, String stopReason) {
    }

    private final Runner runner;

    /** @param runner the run's plan, folder, CPUs, engine and output; each level is its plan at other VUs */
    public Saturation(Runner runner) {
        this.runner = runner;
    }

    public List<ModelResult> search(List<Integer> levels, Duration sloP99) {
        Plan plan = runner.plan;
        RunFolder folder = runner.folder;
        PrintStream out = runner.out;
        folder.create();
        Scenario scenario = plan.scenarios().getFirst();
        List<ModelResult> results = new ArrayList<>();
        List<String> order = new ArrayList<>();
        try (RunningDatabase db = DatabaseStarter.start(plan, runner.session.cpus())) {
            Manifest manifest = runner.manifestBuilder.database(db.description()).build();
            folder.writeManifest(manifest);
            Progress progress = new Progress(out, plan.models().size() * levels.size(), plan.window().total().plusSeconds(10));
            int index = 0;
            for (Model model : plan.models()) {
                List<Point> points = new ArrayList<>();
                String stop = "reached the last level";
                for (int i = 0; i < levels.size(); i++) {
                    int vus = levels.get(i);
                    index++;
                    progress.cellStarts(index, model + " / " + scenario + " / " + vus + " VUs");
                    Jdk serverJdk = runner.serverJdk(model, null);
                    CellResult result = runner.cellRun(plan.withVus(vus), db)
                            .run(Cell.of(model, serverJdk.feature(), null, scenario, i + 1), serverJdk, progress);
                    folder.writeCell(result);
                    order.add(model + "/" + CellResult.stem(scenario.id(), i + 1));
                    folder.writeManifest(manifest.withStatus("running", null, List.copyOf(order)));
                    if (!result.succeeded()) {
                        progress.cellDone("FAILED: " + result.failure());
                        stop = "the cell at " + vus + " VUs failed: " + result.failure();
                        break;
                    }
                    long errors = result.errors().values().stream().mapToLong(Long::longValue).sum();
                    points.add(new Point(vus, result.tps(), result.p50Ms(), result.p99Ms(), errors, result.ceilingTps(), result.limitedBy()));
                    progress.cellDone(String.format(Locale.ROOT, "%.1f TPS, p99 %.0f ms, %d errors", result.tps(), result.p99Ms(), errors));
                    if (errors > 0) {
                        stop = errors + " errors at " + vus + " VUs";
                        break;
                    }
                    if (result.p99Ms() > sloP99.toMillis()) {
                        stop = String.format(Locale.ROOT, "p99 %.0f ms passed the SLO of %d ms at %d VUs", result.p99Ms(), sloP99.toMillis(), vus);
                        break;
                    }
                }
                results.add(analyse(model.id(), points, sloP99, stop));
            }
            Manifest finished = manifest.withStatus("complete", Instant.now().toString(), List.copyOf(order));
            folder.writeManifest(finished);
            AtomicWrite.write(folder.root().resolve("saturation.json"),
                    RunFolder.json().writeValueAsString(Map.of("scenario", scenario.id(), "sloP99Ms", sloP99.toMillis(),
                            "levels", levels, "models", results)) + "\n");
            String md = markdown(scenario, sloP99, results);
            AtomicWrite.write(folder.root().resolve("saturation.md"), md);
            ReportFiles.write(folder, finished, folder.readCells());
            out.println();
            out.print(md);
        }
        return results;
    }

    static ModelResult analyse(String model, List<Point> points, Duration sloP99, String stop) {
        Integer lastGood = null;
        for (Point p : points) {
            if (p.errors() == 0 && p.p99Ms() <= sloP99.toMillis()) {
                lastGood = p.vus();
            }
        }
        double best = points.stream().mapToDouble(Point::tps).max().orElse(0);
        Integer knee = points.stream().filter(p -> p.tps() >= KNEE_SHARE * best).map(Point::vus).findFirst().orElse(null);
        return new ModelResult(model, List.copyOf(points), lastGood, knee, stop);
    }

    static String markdown(Scenario scenario, Duration sloP99, List<ModelResult> results) {
        StringBuilder md = new StringBuilder("# Saturation search: ").append(scenario.id()).append("\n\n");
        md.append("VUs raised level by level until errors appear or p99 passes ").append(sloP99.toMillis())
                .append(" ms. The knee is the first level whose TPS reached ")
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
