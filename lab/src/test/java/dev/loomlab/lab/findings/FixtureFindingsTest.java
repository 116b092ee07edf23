package dev.loomlab.lab.findings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.metrics.Sampler;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.metrics.SeriesSummary;
import dev.loomlab.lab.report.Golden;
import dev.loomlab.lab.result.Beside;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Fact;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The fixture run's findings and metrics are what the rules and the summary make of its time
 * series: the golden summary cannot show findings the rules would not write.
 */
class FixtureFindingsTest {
    private final Path root = Golden.fixtureRun();
    private final List<CellResult> cells = new RunFolder(root).readCells();

    @Test
    void theSentencesTheFixtureStoredAreWhatTodaysRulesSayOfItsFiles() throws IOException {
        List<CellResult> withSeries = cells.stream().filter(c -> c.files().timeseries() != null).toList();
        assertThat(withSeries).hasSizeGreaterThanOrEqualTo(5);
        for (CellResult cell : withSeries) {
            List<SeriesRow> rows = Sampler.readCsv(root.resolve(cell.files().timeseries()));
            // what ran beside the window is the cell's own record, the rest of the summary its metrics
            Map<String, Double> summary = SeriesSummary.of(rows);
            assertThat(cell.metrics()).as(cell.files().timeseries()).isEqualTo(Beside.without(summary));
            assertThat(cell.beside()).as(cell.files().timeseries()).isEqualTo(Beside.of(summary));
            assertThat(Findings.sentences(root, cell)).as(cell.files().timeseries()).isNotEmpty().isEqualTo(storedSentences(cell));
        }
    }

    @Test
    void theFixtureShowsTheMainRules() {
        assertThat(cells.stream().flatMap(c -> Findings.sentences(root, c).stream()))
                .anyMatch(f -> f.contains("capped by the thread pool"))
                .anyMatch(f -> f.contains("capped by the connection pool"))
                .anyMatch(f -> f.contains("cap concurrency at the pool size"))
                .anyMatch(f -> f.contains("CPU-bound"))
                .anyMatch(f -> f.contains("load-driver-bound"))
                .anyMatch(f -> f.contains("at the VU ceiling"))
                .anyMatch(f -> f.contains("pinning events"))
                .anyMatch(f -> f.contains("GC pressure"))
                .anyMatch(f -> f.contains("requests failed"));
    }

    @Test
    void whatFiredIsStoredAsRuleIdsWithTheFiguresTheSentencesQuote() throws IOException {
        CellResult platform = cells.stream().filter(c -> c.label().equals("mvc-platform") && c.scenario().equals("block")
                && c.round() == 1).findFirst().orElseThrow();
        List<Fact> facts = Findings.evaluate(platform, Sampler.readCsv(root.resolve(platform.files().timeseries())), 0);

        assertThat(facts).extracting(Fact::rule).contains("thread-pool");
        Fact threadPool = facts.stream().filter(f -> f.rule().equals("thread-pool")).findFirst().orElseThrow();
        assertThat(threadPool.figures()).containsEntry("threads", 200.0).containsEntry("serviceS", 1.0)
                .containsEntry("tps", platform.tps());
    }

    /** The sentences a schema-1 cell file stored (the reader drops them: they are not evidence). */
    private List<String> storedSentences(CellResult cell) {
        JsonNode node = RunFolder.json().readTree(root.resolve("cells").resolve(cell.label()).resolve(cell.cell().stem() + ".json").toFile());
        return node.path("findings").valueStream().map(JsonNode::asString).toList();
    }
}
