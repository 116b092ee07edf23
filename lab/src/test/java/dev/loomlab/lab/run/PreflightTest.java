package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreflightTest {
    @TempDir
    Path tmp;

    @Test
    void anOpenFilesLimitBelowTheVusSaysWhatToRaiseItTo() {
        assertThatThrownBy(() -> Preflight.checkOpenFiles(3000, OptionalLong.of(1024)))
                .isInstanceOf(PlanException.class)
                .hasMessage("the open-files limit 1024 is too low for 3000 VUs: run 'ulimit -n 4096' (or higher) in this shell first");
    }

    @Test
    void enoughOpenFilesOrNoKnownLimitPasses() {
        assertThatCode(() -> Preflight.checkOpenFiles(3000, OptionalLong.of(20000))).doesNotThrowAnyException();
        assertThatCode(() -> Preflight.checkOpenFiles(3000, OptionalLong.empty())).doesNotThrowAnyException();
    }

    @Test
    void anOutputFolderThatCannotBeCreatedIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertThatThrownBy(() -> Preflight.checkWritable(file.resolve("results")))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("is not writable")
                .hasMessageContaining("--out");
    }

    @Test
    void theOpenFilesLimitIsReadFromProc() {
        // Linux only, as the lab is: the limit exists and is positive.
        OptionalLong limit = Preflight.openFilesLimit();
        limit.ifPresent(l -> org.assertj.core.api.Assertions.assertThat(l).isPositive());
    }
}
