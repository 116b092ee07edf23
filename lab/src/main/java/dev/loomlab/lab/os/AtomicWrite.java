package dev.loomlab.lab.os;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a result file so that a crash or a power cut leaves either the old file or the new one,
 * never half of one: a temp file beside it, synced to disk, renamed over it atomically, then the
 * folder synced so the rename itself survives. The temp file is created owner-only (0600) and
 * the result keeps that mode: a run folder may name the database it ran against.
 */
public final class AtomicWrite {
    private AtomicWrite() {
    }

    public static void write(Path target, String text) {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) {
        Path dir = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            try {
                try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                    ByteBuffer buffer = ByteBuffer.wrap(content);
                    while (buffer.hasRemaining()) {
                        out.write(buffer);
                    }
                    out.force(true);
                }
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            syncFolder(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    // The rename lives in the folder's entries: without this sync a power cut may bring back the old file.
    private static void syncFolder(Path dir) {
        try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
            folder.force(true);
        } catch (IOException e) {
            // Some file systems (and non-Linux systems) cannot open or sync a folder: the file itself is synced.
        }
    }
}
