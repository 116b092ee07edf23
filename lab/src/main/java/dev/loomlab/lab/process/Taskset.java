package dev.loomlab.lab.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
