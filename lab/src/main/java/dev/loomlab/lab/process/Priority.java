package dev.loomlab.lab.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A process's scheduling priority. A process started beside a measured load starts at the lowest ({@code nice 19}): it
 * then gets only CPU time the load's processes leave, and its threads inherit that. Raising it back is per thread on
 * Linux, and done while the process is frozen, so that no thread is created meanwhile at the old priority.
 */
public final class Priority {
    private Priority() {
    }

    /** Put before a command to start it at the lowest priority. */
    public static List<String> lowest() {
        return List.of("nice", "-n", "19");
    }

    /**
     * Raises every thread of {@code pid} to the normal priority (nice 0) and checks it took: empty if it did, else why
     * not. A thread is born at its creator's priority, so the process should be frozen meanwhile: one created between
     * the reading of its threads and their raise would stay at the old priority.
     */
    public static Optional<String> normal(long pid) {
        List<String> tids = threads(pid);
        if (tids.isEmpty()) {
            return Optional.of("the process is gone");
        }
        List<String> command = new ArrayList<>(List.of("renice", "-n", "0", "-p"));
        command.addAll(tids);
        if (!ShortCommand.succeeds(command, Duration.ofSeconds(10))) {
            return Optional.of("renice failed (lowering a nice value needs root, or CAP_SYS_NICE)");
        }
        List<String> now = threads(pid);
        long below = now.stream().filter(tid -> nice(pid, tid) != 0).count();
        return below == 0 ? Optional.empty()
                : Optional.of(below + " of its " + now.size() + " threads still below the normal priority after renice");
    }

    private static List<String> threads(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(t -> t.getFileName().toString()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The nice value of one thread; a thread that ended meanwhile runs at no priority at all, which reads as 0. */
    static int nice(long pid, String tid) {
        return ProcStat.ofThread(pid, tid).map(ProcStat::nice).orElse(0);
    }
}
