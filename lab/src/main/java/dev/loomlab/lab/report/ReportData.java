package dev.loomlab.lab.report;

import dev.loomlab.lab.catalog.RequestThreadsSetting;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.load.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Everything {@code report.html} draws, as one JSON tree built from a run folder's files alone:
 * the cells, each cell's latency curve (from its {@code .hlog}) and server time series (from its
 * {@code .timeseries.csv}), {@code saturation.json} when the folder has one, each request of a mix,
 * each shaped cell's seconds ({@link ShapeSeries}), the parity table, the provenance and the seeds beside this run when it measured any of their rows.
 * The page's script only draws it, so what the page says is pinned by a golden file of this tree.
 * Models and scenarios are whatever the folder holds.
 */
public final class ReportData {
    public static final String SATURATION = "saturation.json";

    private ReportData() {
    }

    public static Map<String, Object> build(Path root, Manifest manifest, List<CellResult> cells) {
        return build(new CellFindings(root), manifest, cells);
    }

    /** The same with findings a report shares among its formats (each cell's rules run once). */
    static Map<String, Object> build(CellFindings said, Manifest manifest, List<CellResult> cells) {
        Path root = said.root();
        RunFacts run = new RunFacts(manifest, cells);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("schema", 1);
        data.put("runId", manifest.runId());
        data.put("status", manifest.status());
        data.put("partial", run.partial());
        data.put("cellCount", SummaryMarkdown.cellCount(run, cells));
        data.put("models", run.models());
        data.put("scenarios", scenarios(run, cells));
        data.put("cells", cells.stream().sorted(run.cellOrder()).map(c -> cell(root, c, said)).toList());
        data.put("rounds", rounds(root, run, cells));
        List<RequestSection.Row> requests = RequestSection.rows(manifest, run, cells);
        // Only a run with a mix has the key: a run of the lab's own servers draws (and its golden file holds) what it did.
        data.putAll(requests.isEmpty() ? Map.of() : Map.of("requests", requests));
        data.put("saturation", saturation(root));
        data.put("parity", parity(run, cells));
        data.put("provenance", provenance(manifest, run, cells));
        // Null when this run measured none of the seeds' rows (a run of your own service): the page then has no seed section.
        data.put("seeds", SeedFigures.beside(cells).orElse(null));
        // Only a run with a shaped cell has the key (and the page its "Load shapes" section).
        ShapeSeries.of(root, run, cells).ifPresent(shapes -> data.put("shapes", shapes));
        data.put("cost", CostSection.rows(run, cells));
        data.put("answer", AnswerSection.rows(said, run, cells));
        return data;
    }

    public static String json(Map<String, Object> data) {
        return RunFolder.json().writeValueAsString(data) + "\n";
    }

    private static List<Map<String, Object>> scenarios(RunFacts run, List<CellResult> cells) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String id : run.scenarios()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("id", id);
            s.put("path", cells.stream().filter(c -> id.equals(c.scenario())).map(CellResult::path)
                    .filter(p -> p != null && !p.isBlank()).findFirst().orElse(null));
            out.add(s);
        }
        return out;
    }

    /**
     * Each model × scenario's rounds together ({@link RoundFigures}): mean TPS with its 95 % interval and what it rests
     * on, and p50/p99 of all rounds' requests from the merged latency logs (null when unknown).
     */
    private static List<Map<String, Object>> rounds(Path root, RunFacts run, List<CellResult> cells) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String scenario : run.scenarios()) {
            for (String model : run.models()) {
                List<CellResult> mine = cells.stream().filter(c -> model.equals(c.label()) && scenario.equals(c.scenario())).toList();
                if (mine.isEmpty()) {
                    continue;
                }
                RoundFigures f = RoundFigures.of(root, mine);
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("model", model);
                m.put("scenario", scenario);
                m.put("ok", f.ok());
                m.put("failed", f.failed());
                m.put("tpsMean", nullIfNaN(f.tps().mean()));
                m.put("tpsHalfWidth", nullIfNaN(f.tps().halfWidth()));
                m.put("intervalBasis", f.basis());
                m.put("p50Ms", nullIfNaN(f.p50Ms()));
                m.put("p99Ms", nullIfNaN(f.p99Ms()));
                out.add(m);
            }
        }
        return out;
    }

    private static Double nullIfNaN(double v) {
        return Double.isNaN(v) ? null : round(v);
    }

    private static Map<String, Object> cell(Path root, CellResult c, CellFindings said) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", c.label() + "/" + CellResult.stem(c.scenario(), c.round()));
        m.put("model", c.label());
        m.put("scenario", c.scenario());
        m.put("round", c.round());
        m.put("ok", ReportText.succeeded(c));
        m.put("failure", ReportText.succeeded(c) ? null : ReportText.failure(c));
        m.put("load", load(c));
        m.put("tps", round(c.tps()));
        double half = ReportText.succeeded(c) ? RoundFigures.withinRound(root, c).halfWidth() : Double.NaN;
        m.put("tpsHalfWidth", Double.isNaN(half) ? null : round(half));
        m.put("p50Ms", round(c.p50Ms()));
        m.put("p90Ms", round(c.p90Ms()));
        m.put("p99Ms", round(c.p99Ms()));
        m.put("maxMs", round(c.maxMs()));
        m.put("errors", ReportText.errorTotal(c.errors()));
        m.put("errorText", ReportText.errors(c.errors()));
        m.put("ceilingTps", c.ceilingTps() == null ? null : round(c.ceilingTps()));
        Double ratio = ReportText.ratio(c);
        m.put("ceilingRatio", ratio == null ? null : round(ratio));
        m.put("ceilingFormula", c.ceilingFormula());
        m.put("limitedBy", c.limitedBy());
        m.put("limitNote", c.limitNote() == null ? null : ReportText.oneLine(c.limitNote()));
        ShapeLine.of(c).ifPresent(shape -> m.put("shape", shape));
        m.put("findings", said.of(c).stream().map(ReportText::oneLine).toList());
        m.put("latency", c.files().hlog() == null ? null : LatencyCurve.read(root.resolve(c.files().hlog())));
        m.put("series", c.files().timeseries() == null ? null : series(root.resolve(c.files().timeseries())));
        return m;
    }

    private static String load(CellResult c) {
        return switch (c.workload()) {
            case Workload.Closed(int vus) -> vus + " VUs";
            case Workload.Open(double rate) -> ReportText.one(rate) + " req/s";
            case Workload.Burst(int requests) -> requests + " at once";
            case null -> null;
        };
    }

    private static final Pattern COMMA = Pattern.compile(",", Pattern.LITERAL);

    /**
     * A cell's time series, column by column as its CSV header names them (so a column another
     * engineer adds is drawn without a change here); columns with no value at all are left out.
     */
    static Map<String, Object> series(Path csv) {
        if (!Files.isRegularFile(csv)) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        }
        if (lines.isEmpty()) {
            return null;
        }
        String[] header = COMMA.split(lines.getFirst(), -1);
        List<List<Double>> columns = new ArrayList<>();
        for (int i = 0; i < header.length; i++) {
            columns.add(new ArrayList<>());
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] f = COMMA.split(line, -1);
            for (int i = 0; i < header.length; i++) {
                columns.get(i).add(i < f.length ? number(f[i]) : null);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < header.length; i++) {
            if (columns.get(i).stream().anyMatch(v -> v != null)) {
                out.put(header[i].strip(), columns.get(i));
            }
        }
        return out;
    }

    private static Double number(String field) {
        String f = field.strip();
        if (f.isEmpty()) {
            return null;
        }
        try {
            double v = Double.parseDouble(f);
            return Double.isFinite(v) ? round(v) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> saturation(Path root) {
        Path file = root.resolve(SATURATION);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        return RunFolder.json().readValue(file.toFile(), LinkedHashMap.class);
    }

    /**
     * The settings that must be equal for models to be compared, per model as the cells recorded
     * them: a row whose values differ between models is flagged, since it is no longer only the
     * concurrency model that differs.
     */
    private static Map<String, Object> parity(RunFacts run, List<CellResult> cells) {
        Map<String, Map<String, Set<String>>> rows = new LinkedHashMap<>();
        for (String model : run.models()) {
            long liveThreads = -1;
            for (CellResult c : cells) {
                // A failed cell measured nothing: its window is empty and says nothing about parity.
                if (!model.equals(c.label()) || !ReportText.succeeded(c)) {
                    continue;
                }
                put(rows, "server JDK", model, c.serverJdk());
                put(rows, "server CPUs", model, c.cpus() == null ? null : c.cpus().get("server"));
                put(rows, "load", model, load(c));
                put(rows, "engine", model, c.engine());
                put(rows, "warm-up / window", model, ReportText.one(c.warmupS()) + " s / " + ReportText.one(c.durationS()) + " s");
                put(rows, "request threads", model, c.cell().model()
                        .flatMap(m -> RequestThreadsSetting.max(m, run.requestThreadsSetting())).orElse(null));
                if (c.metrics() != null && c.metrics().get("liveThreadsMax") != null) {
                    liveThreads = Math.max(liveThreads, Math.round(c.metrics().get("liveThreadsMax")));
                }
            }
            put(rows, "live threads (most seen in a cell)", model, liveThreads < 0 ? null : String.valueOf(liveThreads));
            put(rows, "connection pool", model, run.text("poolSize"));
            put(rows, "heap", model, run.text("heap"));
            put(rows, "database", model, run.text("database"));
        }
        List<Map<String, Object>> out = new ArrayList<>();
        rows.forEach((setting, byModel) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("setting", setting);
            Map<String, String> values = new LinkedHashMap<>();
            for (String model : run.models()) {
                Set<String> v = byModel.get(model);
                values.put(model, v == null || v.isEmpty() ? "—" : String.join(", ", v));
            }
            row.put("values", values);
            // Observed threads differ by design (that is the experiment): only settings are judged.
            row.put("differs", !setting.startsWith("live threads") && !setting.equals("request threads")
                    && new LinkedHashSet<>(values.values()).size() > 1);
            out.add(row);
        });
        return Map.of("rows", out);
    }

    private static void put(Map<String, Map<String, Set<String>>> rows, String setting, String model, String value) {
        Map<String, Set<String>> byModel = rows.computeIfAbsent(setting, k -> new LinkedHashMap<>());
        Set<String> values = byModel.computeIfAbsent(model, k -> new TreeSet<>());
        if (value != null && !value.isBlank()) {
            values.add(value);
        }
    }

    /** The Markdown summary's provenance block, line by line: one wording for both reports. */
    private static List<Map<String, String>> provenance(Manifest manifest, RunFacts run, List<CellResult> cells) {
        StringBuilder md = new StringBuilder();
        ProvenanceBlock.append(md, manifest, run, cells);
        List<Map<String, String>> out = new ArrayList<>();
        for (String line : md.toString().lines().toList()) {
            if (!line.startsWith("- **")) {
                continue;
            }
            int end = line.indexOf(":** ");
            Map<String, String> row = new LinkedHashMap<>();
            row.put("label", line.substring(4, end));
            row.put("value", line.substring(end + 4).replace("**", "").replace("`", ""));
            out.add(row);
        }
        return out;
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
