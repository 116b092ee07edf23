package dev.loomlab.lab.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.testing.LabJvm;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs never write one folder at once: a {@code --resume} of a folder another run holds stops at once with one
 * line naming the holder, exit 2, before it reads anything; once the holder is gone the folder is free again.
 */
class RunFolderLockTest {

    @Test
    void aSecondResumeOfAFolderInUseStopsWithOneLine(@TempDir Path dir) throws Exception {
        Path runDir = dir.resolve("run");
        Files.createDirectories(runDir);
        Files.writeString(runDir.resolve(RunFolder.MANIFEST), "{}");
        RunFolder folder = new RunFolder(runDir);

        try (RunFolder.Lock held = folder.lock()) {
            LabJvm.Exit exit = LabJvm.run(dir, List.of(), "run", "--resume", runDir.toString());

            assertThat(exit.status()).isEqualTo(2);
            assertThat(exit.stderr()).hasSize(1);
            assertThat(exit.stderr().getFirst()).contains(runDir.toString()).contains("in use by another loomlab run")
                    .contains("pid " + ProcessHandle.current().pid());
        }
        try (RunFolder.Lock again = folder.lock()) {
            assertThat(again).as("free once its holder let go").isNotNull();
        }
    }

    /**
     * A process that opened the lock file while another held it locks the same file once the holder lets go, so a third
     * is refused: the file is never deleted and re-created under them (it was, and both then held the folder).
     */
    @Test
    void aRunThatOpenedTheLockBeforeItsHolderEndedHoldsTheOneLockThere(@TempDir Path dir) throws Exception {
        RunFolder folder = new RunFolder(dir.resolve("run"));
        RunFolder.Lock first = folder.lock();
        try (FileChannel early = FileChannel.open(dir.resolve("run").resolve(RunFolder.LOCK), StandardOpenOption.WRITE)) {
            first.close();
            try (FileLock second = early.tryLock()) {
                assertThat(second).as("free once its holder let go").isNotNull();

                assertThatThrownBy(folder::lock).isInstanceOf(PlanException.class).hasMessageContaining("in use by another loomlab run");
            }
        }
        assertThat(dir.resolve("run").resolve(RunFolder.LOCK)).as("left empty: no holder's pid").isEmptyFile();
    }

    @Test
    void aReportOfAFolderARunHoldsStopsWithOneLine(@TempDir Path dir) throws Exception {
        Path runDir = dir.resolve("run");
        Files.createDirectories(runDir);
        Files.writeString(runDir.resolve(RunFolder.MANIFEST), "{}");

        try (RunFolder.Lock held = new RunFolder(runDir).lock()) {
            LabJvm.Exit exit = LabJvm.run(dir, List.of(), "report", runDir.toString());

            assertThat(exit.status()).isEqualTo(2);
            assertThat(exit.stderr()).hasSize(1);
            assertThat(exit.stderr().getFirst()).contains("in use by another loomlab run");
        }
    }
}
