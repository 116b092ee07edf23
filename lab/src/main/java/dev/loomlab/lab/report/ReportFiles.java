package dev.loomlab.lab.report;

import dev.loomlab.lab.result.AtomicWrite;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.nio.file.Path;
import java.util.List;

/**
 * The reports a run folder holds, all rebuilt from its files: {@code summary.md},
 * {@code summary.csv} and {@code report.html}. Written at the end of a run (also a partial one),
 * at the end of a saturation search, and by {@code loomlab report}.
 */
public final class ReportFiles {
    public static final String CSV = "summary.csv";
    public static final String HTML = "report.html";

    private ReportFiles() {
    }

    public static void write(RunFolder folder, Manifest manifest, List<CellResult> cells) {
        Path root = folder.root();
        // One set of findings for the three formats: each cell's time series is read and its rules run once.
        CellFindings said = new CellFindings(root);
        folder.writeSummary(SummaryMarkdown.render(said, manifest, cells));
        AtomicWrite.write(root.resolve(CSV), SummaryCsv.render(said, cells));
        AtomicWrite.write(root.resolve(HTML), HtmlReport.render(ReportData.build(said, manifest, cells)));
    }
}
