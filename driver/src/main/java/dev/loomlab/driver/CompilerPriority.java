package dev.loomlab.driver;

import dev.loomlab.load.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Lets a server's JIT compiler threads ahead of its request threads while a settling warm-up runs, and puts them back
 * where they were when the window begins. On one saturated server core the compiler gets a fair thread's share of it
 * (a fifth, beside webflux's event loops) and C2 then works for 40 s and more before the server reaches its compiled
 * speed, so a one-minute warm-up ended with C2 still busy and two runs a factor of two apart (docs/measurements.md).
 * The compiler's work is the same either way; only when it gets done moves. Nothing of it reaches the window: the
 * threads' old nice values are restored when the window is placed.
 *
 * <p>Nice values are per thread on Linux ({@code setpriority(PRIO_PROCESS, tid)}, which {@code renice -p TID} calls);
 * Java has no call for it, and the foreign-function API is not final in the release the driver is compiled for, so the
 * change goes through {@code renice}, launched without waiting: the statistics ticker that calls this must keep its
 * second. A driver that may not lower a nice value (not root) leaves the compiler as it was, and the warm-up is as
 * long as before.
 */
final class CompilerPriority {
    private final Path task;
    private final Consumer<List<String>> command;
    /** The compiler threads raised so far, with the nice value each had. */
    private final Map<Long, Integer> raised = new LinkedHashMap<>();

    /** {@code proc} is {@code /proc} (another root in tests); {@code command} runs a command without waiting for it. */
    CompilerPriority(Path proc, long pid, Consumer<List<String>> command) {
        this.task = proc.resolve(Long.toString(pid)).resolve("task");
        this.command = command;
    }

    static CompilerPriority of(long pid) {
        return new CompilerPriority(Path.of("/proc"), pid, CompilerPriority::launch);
    }

    /** Raises the compiler threads not raised yet: HotSpot starts more of them as its queue grows. */
    synchronized void raise() {
        List<String> tids = new ArrayList<>();
        for (Map.Entry<Long, Integer> thread : compilerThreads().entrySet()) {
            if (raised.putIfAbsent(thread.getKey(), thread.getValue()) == null) {
                tids.add(Long.toString(thread.getKey()));
            }
        }
        if (!tids.isEmpty()) {
            command.accept(renice(Protocol.COMPILER_NICE, tids));
        }
    }

    /** Gives every raised thread its old nice value back (threads that ended meanwhile are refused by renice, harmlessly). */
    synchronized void restore() {
        Map<Integer, List<String>> byNice = new LinkedHashMap<>();
        raised.forEach((tid, nice) -> byNice.computeIfAbsent(nice, n -> new ArrayList<>()).add(Long.toString(tid)));
        byNice.forEach((nice, tids) -> command.accept(renice(nice, tids)));
        raised.clear();
    }

    private static List<String> renice(int nice, List<String> tids) {
        List<String> line = new ArrayList<>(List.of("renice", "-n", Integer.toString(nice), "-p"));
        line.addAll(tids);
        return line;
    }

    /** The process's compiler threads by thread id, each with its nice value now. */
    Map<Long, Integer> compilerThreads() {
        Map<Long, Integer> threads = new LinkedHashMap<>();
        try (Stream<Path> tasks = Files.list(task)) {
            for (Path t : tasks.toList()) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    if (CompilerWatch.isCompiler(stat)) {
                        threads.put(Long.parseLong(t.getFileName().toString()), nice(stat));
                    }
                } catch (IOException | RuntimeException ended) {
                    // a thread that ended between the listing and the read needs no priority
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the server stopped: nothing to raise
        }
        return threads;
    }

    /** Field 19 of a {@code stat} line, counted after the name, which may hold spaces. */
    static int nice(String stat) {
        String[] f = CompilerWatch.fieldsAfterName(stat);
        // f[0] is field 3 (state): nice is field 19
        return Integer.parseInt(f[16]);
    }

    private static void launch(List<String> line) {
        try {
            new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException noRenice) {
            // no renice on this machine: the compiler keeps its share, as before
        }
    }
}
