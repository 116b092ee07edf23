package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.slo.SloVerdict;
import java.util.List;

/**
 * One file a run folder's report is written as, and how it is rendered. Every format is rebuilt from the same
 * manifest, the same cells and the same findings (each cell's rules run once for all of them); each has its golden
 * file under {@code src/test/resources/golden/}.
 *
 * @param file   the file's name in the run folder
 * @param render what the file holds
 */
public record ReportFormat(String file, Render render) {

    /** A format's rendering of a run. */
    @FunctionalInterface
    public interface Render {
        String of(CellFindings said, Manifest manifest, List<CellResult> cells);
    }

    /** {@code summary.md}: the tables and findings, and the SLO verdict when the plan has thresholds. */
    public static final ReportFormat SUMMARY = new ReportFormat(RunFolder.SUMMARY, (said, manifest, cells) -> {
        String summary = SummaryMarkdown.render(said, manifest, cells);
        SloVerdict slo = SloVerdict.of(manifest, cells);
        return slo.any() ? summary + "\n" + slo.markdown() : summary;
    });

    /** {@code summary.csv}: a row per cell. */
    public static final ReportFormat CSV = new ReportFormat(ReportFiles.CSV, (said, manifest, cells) -> SummaryCsv.render(said, cells));

    /** {@code report.html}: the charts, from {@link ReportData}. */
    public static final ReportFormat HTML = new ReportFormat(ReportFiles.HTML,
            (said, manifest, cells) -> HtmlReport.render(ReportData.build(said, manifest, cells)));

    /** Every format, in the order a run folder gets them. */
    public static final List<ReportFormat> ALL = List.of(SUMMARY, CSV, HTML);

    public String render(CellFindings said, Manifest manifest, List<CellResult> cells) {
        return render.of(said, manifest, cells);
    }
}
