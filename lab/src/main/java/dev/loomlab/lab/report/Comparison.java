package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.plan.PlanDocument;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.stats.Difference;
import dev.loomlab.load.Protocol;
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
 * Two runs, cell by cell (model × scenario, rounds pooled): TPS, p50, p99 and share of ceiling, each figure called
 * <i>different</i>, <i>equivalent</i> within a stated margin, or <i>inconclusive</i> ({@link Difference}) over the
 * rounds — each round a fresh JVM, so the run-to-run spread is in the test. A side with one round is inconclusive:
 * one window's seconds hold none of that spread (a steady 40 ms webflux p99 offset between two runs; coroutines 2,762
 * against 2,948 TPS in one run), and a test on them called it a difference.
 * The figures shown are the rounds' mean TPS and the percentiles of the rounds' merged latency logs.
 */
public final class Comparison {
    /**
     * Plan fields that do not make two runs measure different things: names and prose, the cells' own coordinates (a
     * compare is cell by cell), credentials, the order's seed (each run draws its own), what only judges a run, and how long a server may
     * take to start (a cell either started within it or failed).
     */
    static final Set<String> NOT_MEASURED = Set.of("name", "description", "parts", "models", "scenarios", "dbUser", "dbPassword",
            "seed", "slo", "appReady", "appEnv", "serverStartTimeout");
    /**
     * Plan values that make two runs measure different things when they differ: every other field of the plan document,
     * so a field added to it is compared without anyone remembering to (a list spelled here by hand named
     * {@code tomcatMaxThreads}, which the manifest calls {@code tomcatThreads}: two runs' Tomcat threads were never
     * compared).
     */
    static final List<String> PLAN_KEYS = PlanDocument.FIELDS.stream().filter(f -> !NOT_MEASURED.contains(f)).toList();
    /** A value longer than this (a request mix) is said to differ without being quoted. */
    private static final int QUOTED_AT_MOST = 60;

    /**
     * The margins inside which a difference does not matter, as shares of A's figure: ± 2 % TPS (the injected difference
     * the lab must find, a 1,000 ms sleep against 1,020 ms, is 1.96 %: found as different, not as equivalent, because
     * its interval reaches beyond the margin), ± 5 % p50 and p99 (a percentile of one round moves by a histogram
     * bucket or two between runs).
     *
     * @param tps     TPS margin, a share (0.02)
     * @param latency p50 and p99 margin, a share (0.05)
     */
    public record Margins(double tps, double latency) {
        public static final Margins DEFAULT = new Margins(0.02, 0.05);

        public Margins {
            if (!(tps > 0 && tps < 1) || !(latency > 0 && latency < 1)) {
                throw new IllegalArgumentException("a margin is a share between 0 and 1, got " + tps + " and " + latency);
            }
        }
    }

    /**
     * A latency percentile is known to one HdrHistogram bucket: the driver's histograms keep 3 significant digits now,
     * but run folders written before kept 2 (a value to 1 part in 100), as a mix's per-request figures (Hyperfoil's own)
     * still do; a compare may read any of them, so the coarser bucket is the one that counts. Rounds whose percentiles
     * differ by no more are equal (three rounds at 20,266.9 ms against three at 20,132.7 ms, one bucket apart, were
     * called "beyond noise" by Welch's p = 0), and 1 % sits well inside the 5 % latency margin of "equivalent".
     */
    static final double LATENCY_BUCKET = 0.01;

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

    }

    private Comparison() {
    }

    /** The two runs' comparison; {@code rootA} and {@code rootB} are their folders (their logs and per-second series), null: none. */
    public static String markdown(String labelA, Path rootA, Manifest a, List<CellResult> cellsA, String labelB, Path rootB, Manifest b,
                                  List<CellResult> cellsB, Margins margins) {
        StringBuilder md = new StringBuilder("# loomlab compare\n\n");
        md.append("- **A:** ").append(labelA).append(" (run ").append(a.runId()).append(", ").append(new RunFacts(a, cellsA).text("name")).append(")\n");
        md.append("- **B:** ").append(labelB).append(" (run ").append(b.runId()).append(", ").append(new RunFacts(b, cellsB).text("name")).append(")\n");
        List<String> differences = setupDifferences(a, cellsA, b, cellsB);
        md.append("- **set-up:** ").append(differences.isEmpty() ? "the same plan values, machine and engine" : "differs — "
                + String.join("; ", differences)).append("\n\n");
        md.append("Rounds of a cell are pooled: TPS is the mean over its successful rounds ± its 95 % confidence interval, p50 and p99 ")
                .append("are those of all rounds' requests (merged latency logs). Each figure is called over the rounds, each a fresh JVM: ")
                .append("**different** (Welch's t, p < 0.05, and not equivalent), **equivalent** (two one-sided tests: the 90 % interval ")
                .append("of B − A inside ± ").append(percent(margins.tps())).append(" of A's TPS, ± ").append(percent(margins.latency()))
                .append(" of its p50 and p99; percentiles one histogram bucket apart are equal), or **inconclusive** (neither, with the ")
                .append("rounds a side that would decide it at the spread seen, for 80 % power; or a side with one round, whose seconds ")
                .append("hold none of the run-to-run spread). One \"different\" in twenty is a false alarm when nothing changed.\n\n");
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
                    rows.add(row(model, rootA, inA, rootB, inB, margins));
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

    static String row(String model, Path rootA, List<CellResult> inA, Path rootB, List<CellResult> inB, Margins margins) {
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
                + " | " + tps(a, b, margins).text()
                + " | " + ms(a.figures().p50Ms()) + " → " + ms(b.figures().p50Ms()) + " | " + percentile(a, b, 50, margins).text()
                + " | " + p99(a, b, margins)
                + " | " + percent(a.ratioMean()) + " → " + percent(b.ratioMean()) + failures(a, b) + unsettled(a, b) + " |\n";
    }

    /** The p99 columns: not compared where either side's engine only estimates its tail (wrk). */
    private static String p99(Rounds a, Rounds b, Margins margins) {
        if (!a.cells().stream().allMatch(ReportText::exactTails) || !b.cells().stream().allMatch(ReportText::exactTails)) {
            return ReportText.ESTIMATED_TAIL + " | not compared";
        }
        return ms(a.figures().p99Ms()) + " → " + ms(b.figures().p99Ms()) + " | " + percentile(a, b, 99, margins).text();
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

    /** TPS over the rounds: no difference below one request a window can show. */
    static Difference tps(Rounds a, Rounds b, Margins margins) {
        return Difference.of(a.perRound(CellResult::tps), b.perRound(CellResult::tps), margins.tps(), 0);
    }

    /** p50 or p99 over the rounds' own percentiles; one histogram bucket is no difference ({@link #LATENCY_BUCKET}). */
    static Difference percentile(Rounds a, Rounds b, double percentile, Margins margins) {
        ToDoubleFunction<CellResult> own = percentile == 50 ? CellResult::p50Ms : CellResult::p99Ms;
        double[] roundsA = a.perRound(own);
        double[] roundsB = b.perRound(own);
        double larger = Math.max(Math.abs(mean(roundsA)), Math.abs(mean(roundsB)));
        return Difference.of(roundsA, roundsB, margins.latency(), LATENCY_BUCKET * larger);
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
    public static List<String> setupDifferences(Manifest a, List<CellResult> cellsA, Manifest b, List<CellResult> cellsB) {
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
                out.add(key + (va.length() > QUOTED_AT_MOST || vb.length() > QUOTED_AT_MOST ? " differs" : " " + va + " vs " + vb));
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

    /** How a difference of the machines' CPU reference begins. */
    public static final String MACHINE_SPEED = "machine speed: ";

    /**
     * The machines' CPU reference, when both runs timed it and it differs beyond what one machine repeats
     * ({@link dev.loomlab.load.Protocol#CALIBRATION_SAME_MACHINE}): a slower CPU explains a lower CPU-bound figure.
     */
    static Optional<String> calibrationDifference(Manifest a, Manifest b) {
        String sa = a.machine() == null ? null : a.machine().get("calibrationServerS");
        String sb = b.machine() == null ? null : b.machine().get("calibrationServerS");
        if (sa == null || sb == null) {
            return Optional.empty();
        }
        double va = Double.parseDouble(sa);
        double vb = Double.parseDouble(sb);
        if (va <= 0 || Math.abs(vb - va) / va <= Protocol.CALIBRATION_SAME_MACHINE) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, MACHINE_SPEED + "the CPU reference took %s s vs %s s on the server's CPUs "
                + "(B's CPU %.2fx A's speed)", sa, sb, va / vb));
    }
}
