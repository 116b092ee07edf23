package dev.loomlab.lab.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The run folder a test's single {@code loomlab run --out DIR} wrote. */
public final class RunFolders {
    private RunFolders() {
    }

    public static Path only(Path out) {
        try (Stream<Path> runs = Files.list(out)) {
            return runs.filter(Files::isDirectory).findFirst().orElseThrow(() -> new AssertionError("no run folder in " + out));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
