package dev.loomlab.lab.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
     * Raises every thread of {@code pid} to the normal priority (nice 0) and checks it took; false if it did not
     * (lowering a nice value needs root, or CAP_SYS_NICE).
     */
    public static boolean normal(long pid) {
        List<String> tids = threads(pid);
        if (tids.isEmpty()) {
            return false;
        }
        List<String> command = new ArrayList<>(List.of("renice", "-n", "0", "-p"));
        command.addAll(tids);
        return ShortCommand.succeeds(command, Duration.ofSeconds(10)) && threads(pid).stream().allMatch(tid -> nice(pid, tid) == 0);
    }

    private static List<String> threads(long pid) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.map(t -> t.getFileName().toString()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The nice value of one thread: field 19 of its stat, counted after the command name's closing parenthesis. */
    static int nice(long pid, String tid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "task", tid, "stat"));
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after[0] is field 3 (state): field 19 is after[16]
            return Integer.parseInt(after[16]);
        } catch (IOException | RuntimeException e) {
            // a thread that ended meanwhile runs at no priority at all
            return 0;
        }
    }
}
