package dev.loomlab.lab.cli;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;

/**
 * Run folders named on the command line, read through {@link RunFolder} (so older schemas read as this one); a folder
 * that is not one, or cannot be read, is a {@link PlanException}: one line on stderr and exit 2.
 */
final class RunFolders {
    private RunFolders() {
    }

    /** One run's manifest and cells. */
    record Read(Path folder, Manifest manifest, List<CellResult> cells) {
    }

    static Read read(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new PlanException(folder + " is not a run folder: no such directory");
        }
        if (!Files.isRegularFile(folder.resolve(RunFolder.MANIFEST))) {
            throw new PlanException(folder + " is not a run folder: it has no " + RunFolder.MANIFEST);
        }
        try {
            RunFolder run = new RunFolder(folder);
            return new Read(folder, run.readManifest(), run.readCells());
        } catch (JacksonException e) {
            throw new PlanException(folder + " is not a readable run folder: " + firstLine(e.getOriginalMessage()));
        } catch (UncheckedIOException e) {
            throw new PlanException(folder + " is not a readable run folder: " + firstLine(e.getCause().getMessage()));
        } catch (IllegalArgumentException e) {
            throw new PlanException(folder + " is not a readable run folder: " + firstLine(e.getMessage()));
        }
    }

    /** A run folder as itself; any other folder as the run folders directly inside it (none: a PlanException). */
    static List<Path> expand(Path folder) {
        if (!Files.isDirectory(folder) || Files.isRegularFile(folder.resolve(RunFolder.MANIFEST))) {
            return List.of(folder);
        }
        List<Path> runs;
        try (Stream<Path> children = Files.list(folder)) {
            runs = children.filter(c -> Files.isRegularFile(c.resolve(RunFolder.MANIFEST))).sorted().toList();
        } catch (IOException e) {
            throw new PlanException(folder + " cannot be listed: " + e.getMessage());
        }
        if (runs.isEmpty()) {
            throw new PlanException(folder + " is not a run folder (no " + RunFolder.MANIFEST + ") and holds none");
        }
        return runs;
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
