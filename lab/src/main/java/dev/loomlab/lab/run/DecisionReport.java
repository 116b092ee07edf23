package dev.loomlab.lab.run;

import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code decide.md} and {@code decide.json}: a {@link Decision} as a table, a sentence per model and the verdict. */
public final class DecisionReport {
    public static final String MARKDOWN = "decide.md";
    public static final String JSON = "decide.json";
    /** What a figure the cell did not record reads as: unknown, never zero. */
    static final String NOT_RECORDED = "not recorded";

    private DecisionReport() {
    }

    /** Writes both files into {@code folder}; returns the Markdown, which the command prints. */
    public static String write(RunFolder folder, Decision decision) {
        String md = markdown(decision);
        AtomicWrite.write(folder.root().resolve(MARKDOWN), md);
        AtomicWrite.write(folder.root().resolve(JSON), RunFolder.json().writeValueAsString(json(decision)) + "\n");
        return md;
    }

    static String markdown(Decision d) {
        StringBuilder md = new StringBuilder("# Capacity at an objective: ").append(d.scenario()).append("\n\n");
        md.append("The objective: ").append(d.objective().describe()).append(". Each model's virtual users were raised through ")
                .append(d.levels().stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .append(" until a level missed it (the search's points: saturation.md); its capacity is the highest level that met it.\n\n");
        md.append("| model | capacity at objective (VUs) | TPS there | p99 ms | errors % | CPU ms per request | RSS MB | heap MB | stopped because |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Decision.Capacity c : d.capacities()) {
            md.append(row(c)).append('\n');
        }
        md.append('\n');
        for (Decision.Capacity c : d.capacities()) {
            md.append("- ").append(d.sentence(c)).append('\n');
        }
        md.append('\n').append(d.verdict()).append("\n\n");
        md.append("CPU ms per request: the server's CPU in the window over its TPS. RSS MB: the server's largest resident set in the"
                + " window. heap MB: the most heap in use the sampler saw in the window (the heap after GC is not recorded). "
                + "\"" + NOT_RECORDED + "\": the cell did not record the figure.\n");
        return md.toString();
    }

    private static String row(Decision.Capacity c) {
        String because = c.stopReason().replace("|", "\\|");
        if (c.at() == null) {
            return "| " + c.model() + " | none | — | — | — | — | — | — | " + because + " |";
        }
        Saturation.Point p = c.at();
        Footprint f = p.footprint();
        return String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.2f | %s | %s | %s | %s |", c.model(), c.vus(), p.tps(), p.p99Ms(),
                100 * Objective.errorShare(p.errors(), p.requests()), figure(f.cpuMsPerRequest(), "%.2f"), figure(f.rssMb(), "%.0f"),
                figure(f.heapMb(), "%.0f"), because);
    }

    private static String figure(Double value, String format) {
        return value == null ? NOT_RECORDED : String.format(Locale.ROOT, format, value);
    }

    static Map<String, Object> json(Decision d) {
        Map<String, Object> objective = new LinkedHashMap<>();
        objective.put("p99Ms", d.objective().p99Ms());
        objective.put("errorShare", d.objective().errorShare());
        objective.put("text", d.objective().describe());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("scenario", d.scenario());
        json.put("objective", objective);
        json.put("levels", d.levels());
        json.put("levelStepVus", d.stepVus());
        json.put("models", d.capacities().stream().map(c -> model(d, c)).toList());
        json.put("highest", d.highest().map(Decision.Capacity::model).orElse(null));
        json.put("top", d.top().stream().map(Decision.Capacity::model).toList());
        json.put("verdict", d.verdict());
        return json;
    }

    /** One model's capacity; each figure null when none was met or the cell did not record it. */
    private static Map<String, Object> model(Decision d, Decision.Capacity c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", c.model());
        m.put("capacityVus", c.vus());
        m.put("stop", c.stop().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        Saturation.Point p = c.at();
        m.put("tps", p == null ? null : p.tps());
        m.put("p99Ms", p == null ? null : p.p99Ms());
        m.put("errorShare", p == null ? null : Objective.errorShare(p.errors(), p.requests()));
        m.put("cpuMsPerRequest", p == null ? null : p.footprint().cpuMsPerRequest());
        m.put("rssMbMax", p == null ? null : p.footprint().rssMb());
        m.put("heapUsedMbMax", p == null ? null : p.footprint().heapMb());
        m.put("stoppedBecause", c.stopReason());
        m.put("sentence", d.sentence(c));
        return m;
    }
}
