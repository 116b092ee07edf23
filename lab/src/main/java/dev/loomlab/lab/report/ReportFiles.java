package dev.loomlab.lab.report;

import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.slo.JunitReport;
import dev.loomlab.lab.slo.SloVerdict;
import java.nio.file.Path;
import java.util.List;

/**
 * The reports a run folder holds, all rebuilt from its files: {@code summary.md},
 * {@code summary.csv} and {@code report.html}, and {@code slo-junit.xml} when the plan has SLO thresholds. Written at the end of a run (also a partial one),
 * at the end of a saturation search, and by {@code loomlab report}.
 */
public final class ReportFiles {
    public static final String CSV = "summary.csv";
    public static final String HTML = "report.html";

    private ReportFiles() {
    }

    public static void write(RunFolder folder, Manifest manifest, List<CellResult> cells) {
        Path root = folder.root();
        CellFindings said = new CellFindings(root);
        for (ReportFormat format : ReportFormat.ALL) {
            AtomicWrite.write(root.resolve(format.file()), format.render(said, manifest, cells));
        }
        SloVerdict slo = SloVerdict.of(manifest, cells);
        if (slo.any()) {
            JunitReport.write(root, manifest.runId(), slo);
        }
    }
}
