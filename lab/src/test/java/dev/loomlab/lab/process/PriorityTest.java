package dev.loomlab.lab.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A process started at the lowest priority, all its threads with it, is raised back to normal thread by thread. */
class PriorityTest {
    /** Three threads besides the main one, all sleeping: the kernel's nice value of each is what is read. */
    private static final String THREADS = "import threading, time\n"
            + "for _ in range(3): threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
            + "print('started', flush=True)\n"
            + "time.sleep(60)\n";

    private Process process;

    @AfterEach
    void stop() {
        if (process != null) {
            Children.stop(process, Duration.ofSeconds(1));
        }
    }

    @Test
    void everyThreadOfAProcessStartedAtTheLowestPriorityRunsAtNineteenUntilRaisedToZero() throws Exception {
        List<String> command = new ArrayList<>(Priority.lowest());
        command.addAll(List.of("python3", "-c", THREADS));
        process = Children.start(new ProcessBuilder(command));
        assertThat(new String(process.getInputStream().readNBytes("started".length()))).isEqualTo("started");
        assertThat(threads(process.pid())).hasSize(4);
        assertThat(threads(process.pid())).allSatisfy(tid -> assertThat(Priority.nice(process.pid(), tid)).isEqualTo(19));

        Freezer.freeze(process.pid());
        Optional<String> notRaised = Priority.normal(process.pid());
        Freezer.thaw(process.pid());

        assertThat(notRaised).isEmpty();
        assertThat(threads(process.pid())).allSatisfy(tid -> assertThat(Priority.nice(process.pid(), tid)).isZero());
    }

    @Test
    void aProcessThatIsGoneCannotBeRaised() {
        assertThat(Priority.normal(Long.MAX_VALUE)).hasValue("the process is gone");
    }

    private static List<String> threads(long pid) throws Exception {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(t -> t.getFileName().toString()).toList();
        }
    }
}
