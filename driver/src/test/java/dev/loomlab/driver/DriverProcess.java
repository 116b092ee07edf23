package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Runs the driver the way the lab does: a separate JVM, {@code java <flags> -jar loomlab-driver.jar <args>}
 * (or, outside Maven's integration-test phase, {@code -cp <test classpath> dev.loomlab.driver.DriverMain}).
 */
final class DriverProcess {
    static final ObjectMapper JSON = new ObjectMapper();

    record Outcome(int exitCode, List<String> stdout, List<String> stderr, Path outDir, String name, long wallMs) {
        JsonNode summary() throws IOException {
            return JSON.readTree(outDir.resolve(name + ".driver.json").toFile());
        }

        Path hlog() {
            return outDir.resolve(name + ".hlog");
        }

        List<JsonNode> progress() throws IOException {
            List<JsonNode> lines = new ArrayList<>();
            for (String line : stdout) {
                lines.add(JSON.readTree(line));
            }
            return lines;
        }

        String describe() {
            return "exit " + exitCode + " after " + wallMs + " ms\n--- stdout\n" + String.join("\n", stdout)
                    + "\n--- stderr\n" + String.join("\n", stderr.subList(0, Math.min(stderr.size(), 60)));
        }
    }

    static Path workDir() throws IOException {
        String dir = System.getProperty("loomlab.driver.workDir");
        Path p = dir != null ? Path.of(dir) : Path.of("target", "it-runs");
        return Files.createDirectories(p.toAbsolutePath());
    }

    static Outcome run(String name, String... args) throws IOException, InterruptedException {
        return start(name, args).finish();
    }

    /** A run that must end with exit 0: where a test of a result starts. */
    static Outcome succeeded(String name, String... args) throws IOException, InterruptedException {
        Outcome run = run(name, args);
        assertThat(run.exitCode()).as(run.describe()).isZero();
        return run;
    }

    /** The driver started, not yet waited for: a test can act on its process (stop it, read its progress) meanwhile. */
    record Running(Process process, Path stdout, Path stderr, Path outDir, String name, List<String> command, long startNanos) {
        long pid() {
            return process.pid();
        }

        /** Waits until a progress line on stdout satisfies {@code until}, at most {@code timeoutMs}. */
        JsonNode awaitProgress(Predicate<JsonNode> until, long timeoutMs) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
            while (System.nanoTime() < deadline && process.isAlive()) {
                for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
                    if (line.startsWith("{")) {
                        JsonNode n = JSON.readTree(line);
                        if (until.test(n)) {
                            return n;
                        }
                    }
                }
                Thread.sleep(20);
            }
            throw new AssertionError("no such progress line within " + timeoutMs + " ms: " + Files.readAllLines(stdout, StandardCharsets.UTF_8));
        }

        Outcome finish() throws IOException, InterruptedException {
            try {
                if (!process.waitFor(120, TimeUnit.SECONDS)) {
                    throw new AssertionError("driver did not finish within 120 s: " + command);
                }
                long wallMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
                return new Outcome(process.exitValue(), Files.readAllLines(stdout, StandardCharsets.UTF_8),
                        Files.readAllLines(stderr, StandardCharsets.UTF_8), outDir, name, wallMs);
            } finally {
                if (process.isAlive()) {
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            }
        }
    }

    static Running start(String name, String... args) throws IOException {
        Path work = workDir();
        Path outDir = Files.createDirectories(work.resolve(name));
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        String flags = System.getProperty("loomlab.driver.jvmFlags",
                "--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow");
        cmd.addAll(Arrays.asList(flags.trim().split("\\s+")));
        cmd.add("-Xmx512m");
        String jar = System.getProperty("loomlab.driver.jar");
        if (jar != null && Files.isRegularFile(Path.of(jar))) {
            cmd.add("-jar");
            cmd.add(jar);
        } else {
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(DriverMain.class.getName());
        }
        cmd.addAll(Arrays.asList(args));
        cmd.add("--out");
        cmd.add(outDir.toString());
        cmd.add("--name");
        cmd.add(name);

        Path stdout = work.resolve(name + ".stdout");
        Path stderr = work.resolve(name + ".stderr");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        long t0 = System.nanoTime();
        return new Running(pb.start(), stdout, stderr, outDir, name, List.copyOf(cmd), t0);
    }
}
