package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.slo.SloVerdict;
import java.util.List;

/**
 * One file a run folder's report is written as. Every format is rebuilt from the same manifest, the same cells and
 * the same findings (each cell's rules run once for all of them); each has its golden file under
 * {@code src/test/resources/golden/}.
 */
public sealed interface ReportFormat {
    /** The file's name in the run folder. */
    String file();

    String render(CellFindings said, Manifest manifest, List<CellResult> cells);

    /** Every format, in the order a run folder gets them. */
    List<ReportFormat> ALL = List.of(new Summary(), new Csv(), new Html());

    /** {@code summary.md}: the tables and findings, and the SLO verdict when the plan has thresholds. */
    record Summary() implements ReportFormat {
        @Override
        public String file() {
            return RunFolder.SUMMARY;
        }

        @Override
        public String render(CellFindings said, Manifest manifest, List<CellResult> cells) {
            String summary = SummaryMarkdown.render(said, manifest, cells);
            SloVerdict slo = SloVerdict.of(manifest, cells);
            return slo.any() ? summary + "\n" + slo.markdown() : summary;
        }
    }

    /** {@code summary.csv}: a row per cell. */
    record Csv() implements ReportFormat {
        @Override
        public String file() {
            return ReportFiles.CSV;
        }

        @Override
        public String render(CellFindings said, Manifest manifest, List<CellResult> cells) {
            return SummaryCsv.render(said, cells);
        }
    }

    /** {@code report.html}: the charts, from {@link ReportData}. */
    record Html() implements ReportFormat {
        @Override
        public String file() {
            return ReportFiles.HTML;
        }

        @Override
        public String render(CellFindings said, Manifest manifest, List<CellResult> cells) {
            return HtmlReport.render(ReportData.build(said, manifest, cells));
        }
    }
}
