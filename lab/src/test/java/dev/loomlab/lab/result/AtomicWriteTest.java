package dev.loomlab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.os.AtomicWrite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {

    @Test
    void aReaderSeesTheOldFileOrTheNewOneNeverPartOfOne(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("summary.md");
        // Large enough that a plain write would be seen half done: several pages each.
        String a = "a".repeat(256 * 1024);
        String b = "b".repeat(300 * 1024);
        AtomicWrite.write(target, a);
        AtomicBoolean writing = new AtomicBoolean(true);
        Set<Integer> lengthsSeen = ConcurrentHashMap.newKeySet();
        AtomicReference<String> broken = new AtomicReference<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            while (writing.get()) {
                try {
                    String seen = Files.readString(target);
                    lengthsSeen.add(seen.length());
                    if (!seen.equals(a) && !seen.equals(b)) {
                        broken.compareAndSet(null, "part of a file: " + seen.length() + " chars");
                    }
                } catch (java.io.IOException e) {
                    broken.compareAndSet(null, "the file was missing for a moment: " + e);
                }
            }
        });
        try {
            for (int i = 0; i < 60; i++) {
                AtomicWrite.write(target, i % 2 == 0 ? b : a);
            }
        } finally {
            writing.set(false);
            reader.join();
        }

        assertThat(broken.get()).isNull();
        assertThat(Files.readString(target)).isEqualTo(a);
        assertThat(lengthsSeen).isSubsetOf(a.length(), b.length());
        try (var left = Files.list(dir)) {
            assertThat(left).as("no temp file left behind").containsExactly(target);
        }
    }

    @Test
    void aResultFileIsItsOwnersAloneAndARunFolderToo(@TempDir Path dir) throws Exception {
        RunFolder run = new RunFolder(dir.resolve("run-1"));
        run.create();
        run.writeSummary("# summary\n");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(run.root()))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(run.root().resolve(RunFolder.SUMMARY))))
                .isEqualTo("rw-------");
    }
}
