package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.PerSecondSeries;
import dev.loomlab.lab.stats.BatchMeans;
import dev.loomlab.lab.stats.Interval;
import dev.loomlab.lab.stats.Welch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Two runs, cell by cell (model × scenario, rounds pooled): TPS, p50, p99 and share of ceiling, each difference
 * judged by a test whose false-alarm rate is 5 % ({@link #ALPHA}, the complement of {@link Interval#CONFIDENCE}): on two runs of the same thing, one
 * difference in twenty is called real by chance, whatever the number of rounds.
 * <ul>
 * <li>Both runs with two rounds or more: Welch's t over the rounds' TPS, p50 and p99 (each round one sample).</li>
 * <li>Otherwise TPS: Welch's t over the batch means of the rounds' per-second 2xx counts ({@link BatchMeans}); a
 *     cell without per-second counts (k6, wrk, merged drivers) is not judged, and says so. p50 and p99 of a single
 *     round are not judged ({@link #percentile}).</li>
 * </ul>
 * The figures shown are the rounds' mean TPS and the percentiles of the rounds' merged latency logs.
 */
public final class Comparison {
    /** Plan values that make two runs measure different things when they differ. */
    static final List<String> PLAN_KEYS = List.of("vus", "rate", "burst", "sleepMs", "poolSize", "tomcatMaxThreads", "heap", "warmup", "duration",
            "rounds", "database", "engine");
    /** A difference is beyond noise when its p-value is below this: the tests' size, their false-alarm rate. */
    static final double ALPHA = 0.05;

    /** One run's rounds of one cell, with the folder their files are in (null: none). */
    record Rounds(Path root, List<CellResult> cells, RoundFigures figures, Double ratioMean) {
        static Rounds of(Path root, List<CellResult> cells) {
            List<CellResult> ok = cells.stream().filter(ReportText::succeeded).toList();
            List<Double> ratios = ok.stream().map(ReportText::ratio).filter(Objects::nonNull).toList();
            return new Rounds(root, ok, RoundFigures.of(root, cells),
                    ratios.isEmpty() ? null : ratios.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
        }

        int ok() {
            return figures.ok();
        }

        int failed() {
            return figures.failed();
        }

        double[] perRound(ToDoubleFunction<CellResult> figure) {
            return cells.stream().mapToDouble(figure).toArray();
        }

        /** The batch means of every round's per-second TPS, each round's series on its own; empty when a round has none. */
        double[] batchMeans() {
            List<Double> out = new ArrayList<>();
            for (CellResult c : cells) {
                Optional<List<Long>> series = PerSecondSeries.of(root, c);
                if (series.isEmpty()) {
                    return new double[0];
                }
                // Said as TPS: a series counted over seconds of the window, scaled to the cell's own TPS.
                double[] means = BatchMeans.of(series.get());
                double mean = Arrays.stream(means).average().orElse(0);
                for (double m : means) {
                    out.add(mean == 0 ? m : m * c.tps() / mean);
                }
            }
            return out.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    /**
     * One figure's difference and its test.
     *
     * @param pValue the test's two-sided p-value; NaN when not judged
     * @param test   {@code rounds} (Welch over rounds), {@code seconds} (per-second batches or blocks) or why it was not judged
     */
    record Judged(double a, double b, double pValue, String test) {
        boolean judged() {
            return !Double.isNaN(pValue);
        }

        boolean beyondNoise() {
            return judged() && pValue < ALPHA;
        }

        String verdict() {
            if (!judged()) {
                return "not judged (" + test + ")";
            }
            String p = String.format(Locale.ROOT, "p = %.3f, %s", pValue, test);
            if (!beyondNoise()) {
                return "within noise (" + p + ")";
            }
            return (b > a ? "**B higher**" : "**B lower**") + ", beyond noise (" + p + ")";
        }
    }

    private Comparison() {
    }

    /** The two runs' comparison; {@code rootA} and {@code rootB} are their folders (their logs and per-second series), null: none. */
    public static String markdown(String labelA, Path rootA, Manifest a, List<CellResult> cellsA, String labelB, Path rootB, Manifest b,
                                  List<CellResult> cellsB) {
        StringBuilder md = new StringBuilder("# loomlab compare\n\n");
        md.append("- **A:** ").append(labelA).append(" (run ").append(a.runId()).append(", ").append(new RunFacts(a, cellsA).text("name")).append(")\n");
        md.append("- **B:** ").append(labelB).append(" (run ").append(b.runId()).append(", ").append(new RunFacts(b, cellsB).text("name")).append(")\n");
        List<String> differences = setupDifferences(a, cellsA, b, cellsB);
        md.append("- **set-up:** ").append(differences.isEmpty() ? "the same plan values, machine and engine" : "differs — "
                + String.join("; ", differences)).append("\n\n");
        md.append("Rounds of a cell are pooled: TPS is the mean over its successful rounds ± its 95 % confidence interval, p50 and p99 ")
                .append("are those of all rounds' requests (merged latency logs). Each difference is tested at a 5 % false-alarm rate: ")
                .append("with two rounds or more in both runs, Welch's t over the rounds; otherwise TPS by Welch's t over batch means of ")
                .append("the per-second TPS, while p50 and p99 need two rounds in each run (one round's latency drifts more between its own ")
                .append("stretches than a test on its seconds allows for). ")
                .append("\"Beyond noise\" means p < 0.05: one such call in twenty is a false alarm when nothing changed.\n\n");
        RunFacts factsA = new RunFacts(a, cellsA);
        RunFacts factsB = new RunFacts(b, cellsB);
        Set<String> scenarios = new LinkedHashSet<>(factsA.scenarios());
        scenarios.addAll(factsB.scenarios());
        Set<String> models = new LinkedHashSet<>(factsA.models());
        models.addAll(factsB.models());
        for (String scenario : scenarios) {
            List<String> rows = new ArrayList<>();
            for (String model : models) {
                List<CellResult> inA = of(cellsA, model, scenario);
                List<CellResult> inB = of(cellsB, model, scenario);
                if (!inA.isEmpty() || !inB.isEmpty()) {
                    rows.add(row(model, rootA, inA, rootB, inB));
                }
            }
            if (rows.isEmpty()) {
                continue;
            }
            md.append("## ").append(scenario).append("\n\n")
                    .append("| model | TPS A | TPS B | Δ TPS | TPS | p50 ms A → B | p50 | p99 ms A → B | p99 | % of ceiling A → B |\n")
                    .append("|---|---:|---:|---:|---|---|---|---|---|---|\n");
            rows.forEach(md::append);
            md.append('\n');
        }
        return md.toString();
    }

    private static List<CellResult> of(List<CellResult> cells, String model, String scenario) {
        return cells.stream().filter(c -> model.equals(c.label()) && scenario.equals(c.scenario())).toList();
    }

    static String row(String model, Path rootA, List<CellResult> inA, Path rootB, List<CellResult> inB) {
        String start = "| " + ReportText.cell(model) + " | ";
        if (inA.isEmpty() || inB.isEmpty()) {
            Rounds only = Rounds.of(inA.isEmpty() ? rootB : rootA, inA.isEmpty() ? inB : inA);
            String tps = only.ok() == 0 ? "failed" : one(only.figures().tps().mean());
            return start + (inA.isEmpty() ? "— | " + tps : tps + " | —") + " | — | only in " + (inA.isEmpty() ? "B" : "A") + " | | | | | |\n";
        }
        Rounds a = Rounds.of(rootA, inA);
        Rounds b = Rounds.of(rootB, inB);
        if (a.ok() == 0 || b.ok() == 0) {
            return start + (a.ok() == 0 ? "failed" : one(a.figures().tps().mean())) + " | " + (b.ok() == 0 ? "failed" : one(b.figures().tps().mean()))
                    + " | — | failed in " + (a.ok() == 0 && b.ok() == 0 ? "both" : a.ok() == 0 ? "A" : "B") + " | | | | | |\n";
        }
        double tpsA = a.figures().tps().mean();
        double tpsB = b.figures().tps().mean();
        double delta = tpsB - tpsA;
        String relative = tpsA == 0 ? "" : String.format(Locale.ROOT, " (%+.1f %%)", 100 * delta / tpsA);
        return start + withInterval(a) + " | " + withInterval(b) + " | " + String.format(Locale.ROOT, "%+.1f", delta) + relative
                + " | " + tps(a, b).verdict()
                + " | " + ms(a.figures().p50Ms()) + " → " + ms(b.figures().p50Ms()) + " | " + percentile(a, b, 50).verdict()
                + " | " + ms(a.figures().p99Ms()) + " → " + ms(b.figures().p99Ms()) + " | " + percentile(a, b, 99).verdict()
                + " | " + percent(a.ratioMean()) + " → " + percent(b.ratioMean()) + failures(a, b) + unsettled(a, b) + " |\n";
    }

    /** Rounds measured before their load settled: their difference mixes warm-up with the change compared. */
    private static String unsettled(Rounds a, Rounds b) {
        long inA = a.cells().stream().filter(c -> c.steady() != null && c.steady().notSettled()).count();
        long inB = b.cells().stream().filter(c -> c.steady() != null && c.steady().notSettled()).count();
        return inA + inB == 0 ? "" : " (**not settled**: " + inA + " round" + (inA == 1 ? "" : "s") + " in A, " + inB + " in B)";
    }

    /** A merged percentile, or a dash when the rounds' latency logs are not in the folder (never an average instead). */
    private static String ms(double value) {
        return Double.isNaN(value) ? ReportText.NONE : one(value);
    }

    private static String withInterval(Rounds r) {
        return one(r.figures().tps().mean()) + (r.figures().tps().known() ? " ± " + r.figures().halfWidthText() : "");
    }

    /** TPS: Welch over rounds when both have two or more, else Welch over the per-second batch means. */
    static Judged tps(Rounds a, Rounds b) {
        double tpsA = a.figures().tps().mean();
        double tpsB = b.figures().tps().mean();
        if (a.ok() >= 2 && b.ok() >= 2) {
            return new Judged(tpsA, tpsB, Welch.pValue(a.perRound(CellResult::tps), b.perRound(CellResult::tps)), "Welch over rounds");
        }
        double[] batchesA = a.batchMeans();
        double[] batchesB = b.batchMeans();
        if (batchesA.length < 2 || batchesB.length < 2) {
            return new Judged(tpsA, tpsB, Double.NaN, "a single round without per-second TPS");
        }
        return new Judged(tpsA, tpsB, Welch.pValue(batchesA, batchesB), "Welch over per-second batches");
    }

    /**
     * p50 or p99: Welch over the rounds' own percentiles when both runs have two rounds or more. A single round is not
     * judged: latency drifts between stretches of one run more than within them (a 10 s stretch's p50 moves by a
     * histogram bucket or two), so a test built from one round's seconds calls that drift a difference — on a real
     * cell's A/A pairs, 14 % of the time for p50 with a block permutation test, 20–42 % with Welch over blocks.
     */
    static Judged percentile(Rounds a, Rounds b, double percentile) {
        ToDoubleFunction<CellResult> own = percentile == 50 ? CellResult::p50Ms : CellResult::p99Ms;
        double shownA = percentile == 50 ? a.figures().p50Ms() : a.figures().p99Ms();
        double shownB = percentile == 50 ? b.figures().p50Ms() : b.figures().p99Ms();
        if (a.ok() >= 2 && b.ok() >= 2) {
            // The direction from the rounds the test compares; the figures shown stay the merged ones.
            double[] roundsA = a.perRound(own);
            double[] roundsB = b.perRound(own);
            return new Judged(mean(roundsA), mean(roundsB), Welch.pValue(roundsA, roundsB), "Welch over rounds");
        }
        return new Judged(shownA, shownB, Double.NaN, "needs 2 rounds in each run");
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static String failures(Rounds a, Rounds b) {
        return a.failed() + b.failed() == 0 ? "" : " (failed rounds: " + a.failed() + " in A, " + b.failed() + " in B)";
    }

    private static String percent(Double ratio) {
        return ratio == null ? ReportText.NONE : String.format(Locale.ROOT, "%.1f %%", 100 * ratio);
    }

    /** What else differs between the runs: a difference here explains a difference in the tables. */
    static List<String> setupDifferences(Manifest a, List<CellResult> cellsA, Manifest b, List<CellResult> cellsB) {
        RunFacts fa = new RunFacts(a, cellsA);
        RunFacts fb = new RunFacts(b, cellsB);
        List<String> out = new ArrayList<>();
        for (String key : PLAN_KEYS) {
            if (fa.plan(key) == null && fb.plan(key) == null) {
                continue;
            }
            String va = fa.text(key);
            String vb = fb.text(key);
            if (!va.equals(vb)) {
                out.add(key + " " + va + " vs " + vb);
            }
        }
        String coresA = a.machine() == null ? null : a.machine().get("cores");
        String coresB = b.machine() == null ? null : b.machine().get("cores");
        if (!Objects.equals(coresA, coresB)) {
            out.add("cores " + ReportText.orUnknown(coresA) + " vs " + ReportText.orUnknown(coresB));
        }
        calibrationDifference(a, b).ifPresent(out::add);
        if (!Objects.equals(a.engine(), b.engine())) {
            out.add("engine " + ReportText.orUnknown(a.engine()) + " vs " + ReportText.orUnknown(b.engine()));
        }
        String jdkA = a.jdks() == null ? null : a.jdks().get("servers");
        String jdkB = b.jdks() == null ? null : b.jdks().get("servers");
        if (!Objects.equals(jdkA, jdkB)) {
            out.add("server JDK " + ReportText.orUnknown(jdkA) + " vs " + ReportText.orUnknown(jdkB));
        }
        return out;
    }

    /**
     * The machines' CPU reference, when both runs timed it and it differs beyond what one machine repeats
     * ({@link dev.loomlab.lab.process.Calibration#SAME_MACHINE}): a slower CPU explains a lower CPU-bound figure.
     */
    static Optional<String> calibrationDifference(Manifest a, Manifest b) {
        String sa = a.machine() == null ? null : a.machine().get("calibrationServerS");
        String sb = b.machine() == null ? null : b.machine().get("calibrationServerS");
        if (sa == null || sb == null) {
            return Optional.empty();
        }
        double va = Double.parseDouble(sa);
        double vb = Double.parseDouble(sb);
        if (va <= 0 || Math.abs(vb - va) / va <= dev.loomlab.lab.process.Calibration.SAME_MACHINE) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "machine speed: the CPU reference took %s s vs %s s on the server's CPUs "
                + "(B's CPU %.2fx A's speed)", sa, sb, va / vb));
    }
}
