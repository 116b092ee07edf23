package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Two runs, cell by cell (model × scenario, rounds pooled): TPS, p50, p99 and share of ceiling,
 * each difference next to a noise band made of the rounds themselves. The band is each run's
 * min–max TPS over its rounds; a difference counts only when the two bands do not overlap. With a
 * single round there is no band, and the comparison says so instead of guessing one.
 */
public final class Comparison {
    /** Plan values that make two runs measure different things when they differ. */
    static final List<String> PLAN_KEYS = List.of("vus", "rate", "burst", "sleepMs", "poolSize", "tomcatMaxThreads", "heap", "warmup", "duration",
            "rounds", "database", "engine");

    /** One run's rounds of one cell. */
    record Rounds(int ok, int failed, double tpsMean, double tpsMin, double tpsMax, double p50Mean, double p99Mean, Double ratioMean) {
        static Rounds of(List<CellResult> cells) {
            List<CellResult> ok = cells.stream().filter(ReportText::succeeded).toList();
            if (ok.isEmpty()) {
                return new Rounds(0, cells.size(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null);
            }
            List<Double> ratios = ok.stream().map(ReportText::ratio).filter(Objects::nonNull).toList();
            return new Rounds(ok.size(), cells.size() - ok.size(), ok.stream().mapToDouble(CellResult::tps).average().orElseThrow(),
                    ok.stream().mapToDouble(CellResult::tps).min().orElseThrow(), ok.stream().mapToDouble(CellResult::tps).max().orElseThrow(),
                    ok.stream().mapToDouble(CellResult::p50Ms).average().orElseThrow(), ok.stream().mapToDouble(CellResult::p99Ms).average().orElseThrow(),
                    ratios.isEmpty() ? null : ratios.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
        }

        String band() {
            return ok < 2 ? "1 round" : one(tpsMin) + "–" + one(tpsMax);
        }
    }

    private Comparison() {
    }

    public static String markdown(String labelA, Manifest a, List<CellResult> cellsA, String labelB, Manifest b, List<CellResult> cellsB) {
        StringBuilder md = new StringBuilder("# loomlab compare\n\n");
        md.append("- **A:** ").append(labelA).append(" (run ").append(a.runId()).append(", ").append(new RunFacts(a, cellsA).text("name")).append(")\n");
        md.append("- **B:** ").append(labelB).append(" (run ").append(b.runId()).append(", ").append(new RunFacts(b, cellsB).text("name")).append(")\n");
        List<String> differences = setupDifferences(a, cellsA, b, cellsB);
        md.append("- **set-up:** ").append(differences.isEmpty() ? "the same plan values, machine and engine" : "differs — "
                + String.join("; ", differences)).append("\n\n");
        md.append("Rounds of a cell are pooled: figures are means over its successful rounds. The noise band is each run's min–max TPS ")
                .append("over its rounds; a TPS difference counts only when the two bands do not overlap. A cell measured in a single ")
                .append("round has no noise band, and its difference is not judged.\n\n");
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
                    rows.add(row(model, inA, inB));
                }
            }
            if (rows.isEmpty()) {
                continue;
            }
            md.append("## ").append(scenario).append("\n\n")
                    .append("| model | TPS A | TPS B | Δ TPS | noise band A / B | verdict | p50 ms A → B | p99 ms A → B | % of ceiling A → B |\n")
                    .append("|---|---:|---:|---:|---|---|---|---|---|\n");
            rows.forEach(md::append);
            md.append('\n');
        }
        return md.toString();
    }

    private static List<CellResult> of(List<CellResult> cells, String model, String scenario) {
        return cells.stream().filter(c -> model.equals(c.label()) && scenario.equals(c.scenario())).toList();
    }

    static String row(String model, List<CellResult> inA, List<CellResult> inB) {
        String start = "| " + ReportText.cell(model) + " | ";
        if (inA.isEmpty() || inB.isEmpty()) {
            Rounds only = Rounds.of(inA.isEmpty() ? inB : inA);
            String tps = only.ok == 0 ? "failed" : one(only.tpsMean);
            return start + (inA.isEmpty() ? "— | " + tps : tps + " | —") + " | — | — | only in " + (inA.isEmpty() ? "B" : "A") + " | | | |\n";
        }
        Rounds a = Rounds.of(inA);
        Rounds b = Rounds.of(inB);
        if (a.ok == 0 || b.ok == 0) {
            return start + (a.ok == 0 ? "failed" : one(a.tpsMean)) + " | " + (b.ok == 0 ? "failed" : one(b.tpsMean))
                    + " | — | — | failed in " + (a.ok == 0 && b.ok == 0 ? "both" : a.ok == 0 ? "A" : "B") + " | | | |\n";
        }
        double delta = b.tpsMean - a.tpsMean;
        String relative = a.tpsMean == 0 ? "" : String.format(Locale.ROOT, " (%+.1f %%)", 100 * delta / a.tpsMean);
        return start + one(a.tpsMean) + " | " + one(b.tpsMean) + " | " + String.format(Locale.ROOT, "%+.1f", delta) + relative
                + " | " + a.band() + " / " + b.band() + " | " + verdict(a, b) + " | " + one(a.p50Mean) + " → " + one(b.p50Mean)
                + " | " + one(a.p99Mean) + " → " + one(b.p99Mean) + " | " + percent(a.ratioMean) + " → " + percent(b.ratioMean)
                + failures(a, b) + " |\n";
    }

    static String verdict(Rounds a, Rounds b) {
        if (a.ok < 2 || b.ok < 2) {
            return "no noise band (" + (a.ok < 2 && b.ok < 2 ? "1 round each" : a.ok < 2 ? "1 round in A" : "1 round in B") + ")";
        }
        if (b.tpsMin > a.tpsMax) {
            return "**B higher**, beyond noise";
        }
        if (b.tpsMax < a.tpsMin) {
            return "**B lower**, beyond noise";
        }
        return "within noise";
    }

    private static String failures(Rounds a, Rounds b) {
        return a.failed + b.failed == 0 ? "" : " (failed rounds: " + a.failed + " in A, " + b.failed + " in B)";
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
}
