package dev.loomlab.lab.load;

import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.Taskset;
import dev.loomlab.lab.os.process.Children;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One run of a native engine binary (k6, wrk): pinned to the driver's CPUs, tracked so it never
 * outlives the lab, its output (stdout and stderr merged) appended to the cell's driver log line
 * by line and handed to the engine, its CPU sampled while it runs, its end awaited within bounds ({@link EngineWatch}).
 */
final class EngineProcess {
    private static final int TAIL_LINES = 5;

    private EngineProcess() {
    }

    /** What a finished engine process left: its exit code, its CPU samples, the last lines it printed. */
    record Outcome(int exitCode, EngineCpu cpu, String tail) {
    }

    static Outcome run(String engine, List<String> command, Map<String, String> env, CpuLayout cpus, LoadSpec spec,
                       Consumer<String> lines, LoadProgress.Listener listener) {
        Path log = spec.log();
        ProcessBuilder builder = new ProcessBuilder(Taskset.prefix(cpus, cpus.driver(), command)).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            process = Children.start(builder);
        } catch (IOException e) {
            throw new LoadException("cannot launch " + engine + ": " + e.getMessage());
        }
        // taskset execs the engine: the PID is the engine's own.
        EngineCpu cpu = EngineCpu.sample(process.toHandle());
        listener.engineStarted(process.pid());
        Deque<String> tail = new ArrayDeque<>();
        try (Writer logWriter = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            logWriter.write("# " + String.join(" ", command) + "\n");
            int exit = EngineWatch.await(engine, process, process.getInputStream(), spec, line -> {
                try {
                    logWriter.write(line);
                    logWriter.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                synchronized (tail) {
                    if (!line.isBlank()) {
                        tail.addLast(line);
                        if (tail.size() > TAIL_LINES) {
                            tail.removeFirst();
                        }
                    }
                }
                lines.accept(line);
            });
            synchronized (tail) {
                return new Outcome(exit, cpu, String.join(" | ", tail));
            }
        } catch (IOException e) {
            throw new LoadException("cannot write " + engine + "'s log " + log + ": " + e.getMessage());
        } finally {
            cpu.close();
            Children.stop(process, Duration.ofSeconds(5));
        }
    }
}
