package dev.loomlab.lab.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** CPU pinning through util-linux's taskset: the JVM cannot set its own affinity. */
public final class Taskset {
    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    private Taskset() {
    }

    public static boolean available() {
        return Files.isExecutable(TASKSET);
    }

    /** The command, prefixed to run on {@code cpus} when the layout is pinned. */
    public static List<String> prefix(CpuLayout layout, String cpus, List<String> command) {
        List<String> full = new ArrayList<>();
        if (layout.pinned()) {
            full.addAll(List.of(TASKSET.toString(), "-c", cpus));
        }
        full.addAll(command);
        return full;
    }

    /**
     * Pins every thread of a running JVM to {@code cpus} and checks it took: taskset walks the threads one by one, and a
     * thread started meanwhile by one it had not reached yet keeps the old affinity, so it is walked again until every
     * thread is on {@code cpus} (threads started afterwards inherit their parent's).
     */
    public static boolean pinAllThreads(long pid, String cpus) {
        BitSet wanted = cpuSet(cpus);
        for (int attempt = 0; attempt < 5; attempt++) {
            if (!pin(pid, cpus)) {
                return false;
            }
            if (allThreadsOn(pid, wanted)) {
                return true;
            }
        }
        return false;
    }

    /** Whether each of {@code pid}'s threads may run on {@code wanted} only, read from /proc. */
    private static boolean allThreadsOn(long pid, BitSet wanted) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            return tasks.allMatch(task -> allowedCpus(task).map(wanted::equals).orElse(true));
        } catch (IOException e) {
            // the process is gone: it has no thread left anywhere
            return true;
        }
    }

    /** A thread's Cpus_allowed_list; empty when the thread ended while it was read. */
    private static Optional<BitSet> allowedCpus(Path task) {
        try {
            for (String line : Files.readAllLines(task.resolve("status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return Optional.of(cpuSet(line.substring(line.indexOf(':') + 1).trim()));
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * How many CPUs this process may run on: the machine's cores, for laying out who runs where. Not the JVM's
     * {@code availableProcessors}, which a cgroup's CPU quota lowers (under {@code ./loomlab test --slow 4} a 2-core
     * machine reads as 1) while both CPUs are still there to pin to.
     */
    public static int machineCores() {
        return allowedCpus(Path.of("/proc/self")).map(BitSet::cardinality).filter(n -> n > 0)
                .orElseGet(() -> Runtime.getRuntime().availableProcessors());
    }

    /** A CPU list as taskset and the kernel write it ("1", "0-3", "0,2-3") as a set. */
    static BitSet cpuSet(String list) {
        BitSet set = new BitSet();
        for (String part : list.split(",")) {
            String[] ends = part.trim().split("-");
            int from = Integer.parseInt(ends[0]);
            set.set(from, (ends.length == 1 ? from : Integer.parseInt(ends[1])) + 1);
        }
        return set;
    }

    /** Pins a running process and all its threads (the embedded database, started in-process). */
    public static boolean pin(long pid, String cpus) {
        if (!available()) {
            return false;
        }
        try {
            Process p = new ProcessBuilder(TASKSET.toString(), "-a", "-p", "-c", cpus, String.valueOf(pid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
