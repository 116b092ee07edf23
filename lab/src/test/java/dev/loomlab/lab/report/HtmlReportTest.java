package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {
    private final Golden.FixtureRun fixture = Golden.fixture();

    @Test
    void thePageCarriesTheChartLibraryAndTheDataItDraws() {
        Map<String, Object> data = fixture.reportData();

        String html = HtmlReport.render(data);

        assertThat(html).contains("<title>loomlab run 20251122-090000-fixture</title>").doesNotContain("{{");
        assertThat(html).contains(HtmlReport.chartJs());
        assertThat(embeddedJson(html)).isEqualTo(ReportData.json(data).strip());
    }

    @Test
    void textFromTheRunCannotEndTheScriptThatCarriesIt() {
        CellResult hostile = fixture.cells().getFirst().failedBecause("</script><script>document.title='owned'</script><!--");
        Map<String, Object> data = new LinkedHashMap<>(ReportData.build(fixture.root(), fixture.manifest(), List.of(hostile)));

        String html = HtmlReport.render(data);

        assertThat(html).doesNotContain("<script>document.title").doesNotContain("'owned'</script><!--");
        // Still the same text once the page's JSON.parse reads it.
        assertThat(RunFolder.json().readTree(embeddedJson(html)).toString()).contains("</script><script>document.title='owned'</script><!--");
    }

    private static String embeddedJson(String html) {
        Matcher m = Pattern.compile("<script id=\"report-data\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL).matcher(html);
        assertThat(m.find()).isTrue();
        return m.group(1).strip().replace("\\u003c", "<");
    }
}
