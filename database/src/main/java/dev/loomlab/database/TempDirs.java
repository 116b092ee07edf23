package dev.loomlab.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Temporary instance directories. */
final class TempDirs {

    private TempDirs() {
    }

    /** A fresh directory (mode 0700) under {@code parent}, or under the system temp directory if null. */
    static Path create(Path parent, String prefix) {
        try {
            if (parent == null) {
                return Files.createTempDirectory(prefix);
            }
            Files.createDirectories(parent);
            return Files.createTempDirectory(parent, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory under "
                    + (parent == null ? System.getProperty("java.io.tmpdir") : parent), e);
        }
    }

    /** Deletes a directory tree; quietly, as far as it can. Returns whether it is gone. */
    static boolean deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return true;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                    if (exc instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw exc;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // fall through: report what is left
        }
        return !Files.exists(dir);
    }

    /** The last {@code lines} lines of a text file, or "" if it cannot be read. */
    static String tail(Path file, int lines) {
        try {
            var all = Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }
}
