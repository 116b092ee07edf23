package dev.loomlab.lab.cli;

import dev.loomlab.lab.report.ConsoleTable;
import dev.loomlab.lab.report.ReportFiles;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.settings.PlanException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.core.JacksonException;

/**
 * {@code loomlab report <run>}: rebuilds {@code summary.md}, {@code summary.csv} and {@code report.html} from the raw files of a run folder
 * alone (the manifest and the cell JSON), so a report can be re-rendered — or a newer loomlab's
 * report applied — without measuring again. Exit 0, or 2 with one line when the folder is not a
 * readable run folder.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Re-render a run folder's summary.md, summary.csv and report.html from its raw files")
public final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_FOLDER", description = "A run folder written by 'loomlab run' (it holds manifest.json).")
    Path runFolder;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunFolder folder = new RunFolder(runFolder);
        if (!Files.isRegularFile(runFolder.resolve(RunFolder.MANIFEST))) {
            err.println("loomlab: " + runFolder + " is not a run folder: it has no " + RunFolder.MANIFEST);
            return Loomlab.BAD_INPUT;
        }
        // a run still writing this folder (or a --resume of it) would have its cells read half-written and its summary
        // overwritten under it
        try (RunFolder.Lock lock = folder.lock()) {
            return report(folder, out, err);
        } catch (PlanException e) {
            err.println("loomlab: " + e.getMessage());
            return Loomlab.BAD_INPUT;
        } catch (UncheckedIOException e) {
            // a folder this user cannot write: its report could not be written either
            err.println("loomlab: " + e.getMessage() + ": " + firstLine(e.getCause().getMessage()));
            return Loomlab.FAILED;
        }
    }

    private Integer report(RunFolder folder, PrintWriter out, PrintWriter err) {
        Manifest manifest;
        List<CellResult> cells;
        try {
            manifest = folder.readManifest();
            cells = folder.readCells();
        } catch (JacksonException e) {
            err.println("loomlab: " + runFolder + " is not a readable run folder: " + firstLine(e.getOriginalMessage()));
            return Loomlab.BAD_INPUT;
        } catch (UncheckedIOException e) {
            err.println("loomlab: " + runFolder + " is not a readable run folder: " + firstLine(e.getCause().getMessage()));
            return Loomlab.BAD_INPUT;
        }
        try {
            ReportFiles.write(folder, manifest, cells);
        } catch (JacksonException e) {
            err.println("loomlab: " + runFolder + " is not a readable run folder: " + firstLine(e.getOriginalMessage()));
            return Loomlab.BAD_INPUT;
        } catch (UncheckedIOException e) {
            err.println("loomlab: " + e.getMessage() + ": " + firstLine(e.getCause().getMessage()));
            return Loomlab.FAILED;
        }
        out.print(ConsoleTable.render(cells));
        out.println("wrote " + runFolder.resolve(RunFolder.SUMMARY) + ", " + runFolder.resolve(ReportFiles.CSV) + ", " + runFolder.resolve(ReportFiles.HTML));
        out.flush();
        return 0;
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
