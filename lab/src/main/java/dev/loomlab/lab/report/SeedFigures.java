package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The seeds' figures ({@code seeds.json}, a resource that names where each figure comes from)
 * beside this run's, each normalised to its own ceiling: the seeds ran 3,000 VUs on a 4-core
 * server with a remote database, this run ran on its own machine, so only the share of each
 * one's Little's-law ceiling can be put side by side.
 */
final class SeedFigures {
    /**
     * Two shares of ceiling this close (in points of ceiling) say the same thing; the seeds' own
     * rounds spread up to 5 points (1948–2014 of 3000), so a narrower band would call noise a difference.
     */
    static final double AGREE_WITHIN = 0.10;

    private static final String RESOURCE = "seeds.json";

    private SeedFigures() {
    }

    static JsonNode seeds() {
        try (InputStream in = SeedFigures.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE + " beside " + SeedFigures.class.getName());
            }
            return RunFolder.json().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The seeds' experiments with this run's figures beside theirs; empty when this run measured none of their rows
     * (a run of your own service, or of scenarios the seeds did not run): a table of "not measured in this run" only
     * says what the run is not about.
     */
    static Optional<Map<String, Object>> beside(List<CellResult> cells) {
        JsonNode seeds = seeds();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("source", seeds.get("source").asString());
        out.put("agreeWithin", AGREE_WITHIN);
        List<Map<String, Object>> experiments = new ArrayList<>();
        boolean measured = false;
        for (JsonNode e : seeds.get("experiments")) {
            Map<String, Object> exp = new LinkedHashMap<>();
            exp.put("id", e.get("id").asString());
            exp.put("title", e.get("title").asString());
            exp.put("source", e.get("source").asString());
            exp.put("setup", e.get("setup").asString());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (JsonNode r : e.get("rows")) {
                Map<String, Object> row = row(r, cells);
                measured |= row.get("run") != null;
                rows.add(row);
            }
            exp.put("rows", rows);
            experiments.add(exp);
        }
        out.put("experiments", experiments);
        return measured ? Optional.of(out) : Optional.empty();
    }

    private static Map<String, Object> row(JsonNode r, List<CellResult> cells) {
        String scenario = r.get("scenario").asString();
        String model = r.get("model").asString();
        Double min = number(r.get("tpsMin"));
        Double max = number(r.get("tpsMax"));
        Double ceiling = number(r.get("ceilingTps"));
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("scenario", scenario);
        row.put("model", model);
        Map<String, Object> seed = new LinkedHashMap<>();
        seed.put("tpsMin", min);
        seed.put("tpsMax", max);
        seed.put("latency", text(r.get("latency")));
        seed.put("ceilingTps", ceiling);
        seed.put("ceilingFormula", text(r.get("ceilingFormula")));
        Double seedRatio = min == null || max == null || ceiling == null ? null : ReportData.round((min + max) / 2 / ceiling);
        seed.put("ratio", seedRatio);
        row.put("seed", seed);

        List<CellResult> mine = cells.stream()
                .filter(c -> scenario.equals(c.scenario()) && model.equals(c.label()) && ReportText.succeeded(c)).toList();
        Map<String, Object> run = null;
        Double runRatio = null;
        if (!mine.isEmpty()) {
            run = new LinkedHashMap<>();
            double tps = mine.stream().mapToDouble(CellResult::tps).average().orElse(0);
            List<Double> ratios = mine.stream().map(ReportText::ratio).filter(x -> x != null).toList();
            runRatio = ratios.isEmpty() ? null : ReportData.round(ratios.stream().mapToDouble(Double::doubleValue).average().orElse(0));
            run.put("tps", ReportData.round(tps));
            run.put("rounds", mine.size());
            // The seeds ran users (a closed load), so only a run's users are set beside them.
            run.put("load", mine.getFirst().workload() instanceof Workload.Closed(int vus) ? vus + " VUs" : null);
            run.put("ceilingTps", mine.getFirst().ceilingTps());
            run.put("ratio", runRatio);
        }
        row.put("run", run);
        row.put("verdict", verdict(seedRatio, runRatio, run != null, ceiling != null));
        return row;
    }

    static String verdict(Double seedRatio, Double runRatio, boolean measured, boolean hasCeiling) {
        if (!measured) {
            return "not measured in this run";
        }
        if (!hasCeiling) {
            return "no ceiling: compare TPS between models, not across machines";
        }
        if (seedRatio == null) {
            return "the seed reports no throughput";
        }
        if (runRatio == null) {
            return "this run recorded no ceiling";
        }
        return Math.abs(seedRatio - runRatio) <= AGREE_WITHIN ? "holds" : runRatio > seedRatio ? "differs: closer to the ceiling here"
                : "differs: further from the ceiling here";
    }

    private static Double number(JsonNode n) {
        return n == null || n.isNull() ? null : n.asDouble();
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asString();
    }
}
