package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of your own service (issue 41) reports what concerns it: each request's TPS and percentiles, and no seed
 * section; a run beside the seeds keeps its seed section and has no per-request one.
 */
class OwnServiceReportTest {
    private final Manifest manifest = OwnServiceRun.manifest();
    private final List<CellResult> cells = OwnServiceRun.cells();

    @TempDir
    Path root;

    @Test
    void theSummaryHasEachRequestWithItsTpsAndPercentilesInATablePerModel() {
        String md = SummaryMarkdown.render(root, manifest, cells);

        assertThat(md).contains("## Each request\n").contains("### app-platform\n").contains("### app-virtual\n");
        assertThat(md.indexOf("### app-platform")).isLessThan(md.indexOf("### app-virtual"));
        for (Map.Entry<String, OwnServiceRun.Figures> row : OwnServiceRun.rows()) {
            OwnServiceRun.Figures f = row.getValue();
            assertThat(table(md, row.getKey())).as(row.getKey() + " " + f.request()).contains("| " + f.request() + " | 1 | " + one(f.tps()) + " | "
                    + one(f.p50Ms()) + " | " + one(f.p90Ms()) + " | " + one(f.p99Ms()) + " | " + one(f.maxMs()) + " | ");
        }
        // an error count carries its share of the request's requests
        OwnServiceRun.Figures product = OwnServiceRun.FIGURES.get("app-platform").get(1);
        assertThat(md).contains(String.format(Locale.ROOT, "| %d (%.1f %%) |", product.errors(), 100.0 * product.errors() / product.requests()));
        // the plan's order of requests, not the alphabet's or the metrics'
        String platform = table(md, "app-platform");
        assertThat(platform.indexOf("| home |")).isLessThan(platform.indexOf("| product |")).isLessThan(platform.indexOf("| search |"));
        assertThat(md).doesNotContain("not measured in this run").doesNotContain("Seed 000");
    }

    @Test
    void thePageHasEachRequestAndNoSeedSection() {
        Map<String, Object> data = ReportData.build(root, manifest, cells);

        assertThat(data.get("seeds")).as("seeds beside a run that measured none of their rows").isNull();
        @SuppressWarnings("unchecked")
        List<RequestSection.Row> requests = (List<RequestSection.Row>) data.get("requests");
        assertThat(requests).hasSize(OwnServiceRun.rows().size());
        for (int i = 0; i < requests.size(); i++) {
            Map.Entry<String, OwnServiceRun.Figures> want = OwnServiceRun.rows().get(i);
            OwnServiceRun.Figures f = want.getValue();
            RequestSection.Row row = requests.get(i);
            assertThat(List.of(row.model(), row.scenario(), row.request())).containsExactly(want.getKey(), OwnServiceRun.SCENARIO, f.request());
            assertThat(List.of(row.tps(), row.p50Ms(), row.p90Ms(), row.p99Ms(), row.maxMs()))
                    .containsExactly(f.tps(), f.p50Ms(), f.p90Ms(), f.p99Ms(), f.maxMs());
        }
        String html = HtmlReport.render(data);
        String json = ReportData.json(data);
        assertThat(html).contains(json.strip().replace("<", "\\u003c"));
        assertThat(json).doesNotContain("not measured in this run").doesNotContain("Seed 000").doesNotContain("3000 VUs");
    }

    @Test
    void aRunBesideTheSeedsKeepsItsSeedSectionAndHasNoPerRequestOne() {
        Golden.FixtureRun fixture = Golden.fixture();

        Map<String, Object> data = fixture.reportData();

        assertThat(data).doesNotContainKey("requests");
        assertThat(ReportData.json(data)).contains("Seed 000").contains("\"holds\"").contains("not measured in this run");
        assertThat(SummaryMarkdown.render(fixture.root(), fixture.manifest(), fixture.cells())).doesNotContain("## Each request");
    }

    /** The model's table under "Each request": from its heading to the next heading. */
    private static String table(String md, String model) {
        int start = md.indexOf("### " + model + "\n");
        assertThat(start).as("a table for " + model).isNotNegative();
        int end = md.indexOf("\n#", start + 1);
        return md.substring(start, end < 0 ? md.length() : end);
    }

    private static String one(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
