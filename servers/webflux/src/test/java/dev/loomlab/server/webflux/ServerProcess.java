package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.ReadyLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The server as the lab runs it: its own JVM through the jar's entry point ({@link Launcher}),
 * on this module's classpath. Output (stdout and stderr) is collected line by line; closing the
 * process stops it (SIGTERM, then SIGKILL after 30 s).
 */
final class ServerProcess implements AutoCloseable {
    private final Process process;
    private final long startNanos;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final CompletableFuture<String> ready = new CompletableFuture<>();
    private final Thread reader;

    private ServerProcess(Process process, long startNanos) {
        this.process = process;
        this.startNanos = startNanos;
        this.reader = Thread.ofPlatform().daemon().name("server-output-" + process.pid()).start(this::read);
    }

    static ServerProcess start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                Launcher.class.getName()));
        command.addAll(args);
        long start = System.nanoTime();
        return new ServerProcess(new ProcessBuilder(command).redirectErrorStream(true).start(), start);
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(line);
                if (line.startsWith(ReadyLine.PREFIX)) {
                    ready.complete(line.substring(ReadyLine.PREFIX.length()).strip().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            // the process ended
        } finally {
            ready.completeExceptionally(new IllegalStateException("the server exited without a ready line:\n" + output()));
        }
    }

    /** The base URL from {@code loomlab-ready http://127.0.0.1:PORT}. */
    String awaitReady(Duration timeout) throws Exception {
        try {
            return ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no ready line after " + timeout + ":\n" + output(), e);
        }
    }

    Duration sinceStart() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    /** Waits for the process to end on its own; its exit status, or throws if it keeps running. */
    int awaitExit(Duration timeout) throws Exception {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("still running after " + timeout + ":\n" + output());
        }
        reader.join(Duration.ofSeconds(10));
        return process.exitValue();
    }

    long pid() {
        return process.pid();
    }

    String output() {
        return String.join("\n", lines);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
