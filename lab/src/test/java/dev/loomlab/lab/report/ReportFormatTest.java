package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportFormatTest {
    private final Golden.FixtureRun fixture = Golden.fixture();

    @Test
    void eachFormatHasAFileOfItsOwn() {
        assertThat(ReportFormat.ALL).extracting(ReportFormat::file).containsExactly(RunFolder.SUMMARY, ReportFiles.CSV, ReportFiles.HTML);
    }

    @Test
    void theSummaryAndTheCsvAreTheirGoldenFilesAndThePageCarriesTheRunsData() {
        CellFindings said = new CellFindings(fixture.root());
        assertThat(ReportFormat.SUMMARY.render(said, fixture.manifest(), fixture.cells())).isEqualTo(Golden.read("summary.md"));
        assertThat(ReportFormat.CSV.render(said, fixture.manifest(), fixture.cells())).isEqualTo(Golden.read("summary.csv"));
        assertThat(ReportFormat.HTML.render(said, fixture.manifest(), fixture.cells()))
                .contains("loomlab run " + fixture.manifest().runId())
                .contains(ReportData.json(fixture.reportData()).replace("<", "\\u003c"));
    }

    @Test
    void aRunFolderGetsEveryFormatWrittenAsItsFormatRendersIt(@TempDir Path copy) throws Exception {
        try (var files = Files.walk(fixture.root())) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(fixture.root().relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        RunFolder folder = new RunFolder(copy);
        ReportFiles.write(folder, fixture.manifest(), fixture.cells());
        CellFindings said = new CellFindings(copy);
        for (ReportFormat format : ReportFormat.ALL) {
            assertThat(Files.readString(copy.resolve(format.file()))).as(format.file())
                    .isEqualTo(format.render(said, fixture.manifest(), List.copyOf(fixture.cells())));
        }
    }
}
