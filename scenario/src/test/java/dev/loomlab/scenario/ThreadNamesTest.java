package dev.loomlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server module's tests read its thread names from its own descriptor's one line. */
class ThreadNamesTest {
    @TempDir
    Path dir;

    @Test
    void theLineGivesBothParts() throws Exception {
        Path file = descriptor("server: q\nthreadNames: {pool: \"executor-thread-\", eventLoop: \"vert.x-eventloop-thread-\"}  # why\nmodels: []\n");

        assertThat(ThreadNames.declaredIn(file))
                .isEqualTo(new ThreadNames(Optional.of("executor-thread-"), Optional.of("vert.x-eventloop-thread-")));
    }

    @Test
    void oneOfThePartsIsEnough() throws Exception {
        assertThat(ThreadNames.declaredIn(descriptor("threadNames: {eventLoop: \"reactor-http-\"}\n")))
                .isEqualTo(new ThreadNames(Optional.empty(), Optional.of("reactor-http-")));
    }

    @Test
    void aStackOfVirtualThreadsGivesNone() throws Exception {
        assertThat(ThreadNames.declaredIn(descriptor("server: v\n"))).isEqualTo(ThreadNames.NONE);
    }

    @Test
    void anUnknownPartIsRefusedNamingTheAllowedOnes() throws Exception {
        Path file = descriptor("threadNames: {worker: \"executor-thread-\"}\n");

        assertThatThrownBy(() -> ThreadNames.declaredIn(file)).hasMessage(file + ": threadNames: unknown [worker] (allowed: pool, eventLoop)");
    }

    @Test
    void aBlockMappingIsRefusedRatherThanReadAsNone() throws Exception {
        Path file = descriptor("threadNames:\n  pool: \"-exec-\"\n");

        assertThatThrownBy(() -> ThreadNames.declaredIn(file)).hasMessageContaining("write it on one line");
    }

    @Test
    void anUnquotedPartIsRefused() throws Exception {
        Path file = descriptor("threadNames: {pool: -exec-}\n");

        assertThatThrownBy(() -> ThreadNames.declaredIn(file)).hasMessageContaining("'pool: -exec-' is not name: \"part\"");
    }

    private Path descriptor(String yaml) throws Exception {
        return Files.writeString(dir.resolve(ThreadNames.DESCRIPTOR), yaml);
    }
}
