package dev.loomlab.lab.findings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.metrics.Sampler;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.metrics.SeriesSummary;
import dev.loomlab.lab.report.Golden;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fixture run's findings and metrics are what the rules and the summary make of its time
 * series: the golden summary cannot show findings the rules would not write.
 */
class FixtureFindingsTest {
    private final Path root = Golden.fixtureRun();
    private final List<CellResult> cells = new RunFolder(root).readCells();

    @Test
    void everyStoredFindingIsWhatTheRulesSayOfTheCellsTimeSeries() throws IOException {
        List<CellResult> withSeries = cells.stream().filter(c -> c.timeseries() != null).toList();
        assertThat(withSeries).hasSizeGreaterThanOrEqualTo(5);
        for (CellResult cell : withSeries) {
            List<SeriesRow> rows = Sampler.readCsv(root.resolve(cell.timeseries()));
            assertThat(cell.metrics()).as(cell.timeseries()).isEqualTo(SeriesSummary.of(rows));
            assertThat(cell.findings()).as(cell.timeseries()).isNotEmpty().isEqualTo(Findings.evaluate(cell, rows, 1));
        }
    }

    @Test
    void theFixtureShowsTheMainRules() {
        assertThat(cells.stream().flatMap(c -> c.findings() == null ? java.util.stream.Stream.empty() : c.findings().stream()))
                .anyMatch(f -> f.contains("capped by the thread pool"))
                .anyMatch(f -> f.contains("capped by the connection pool"))
                .anyMatch(f -> f.contains("cap concurrency at the pool size"))
                .anyMatch(f -> f.contains("CPU-bound"))
                .anyMatch(f -> f.contains("load-driver-bound"))
                .anyMatch(f -> f.contains("at the VU ceiling"))
                .anyMatch(f -> f.contains("pinning events"))
                .anyMatch(f -> f.contains("GC pressure"))
                .anyMatch(f -> f.contains("requests failed"));
        // A cell written before findings existed still reads (and shows none).
        assertThat(cells).anyMatch(c -> c.succeeded() && c.findings() == null);
    }
}
