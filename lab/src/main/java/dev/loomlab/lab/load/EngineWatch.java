package dev.loomlab.lab.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The bounded wait for an engine process (the hyperfoil driver, k6, wrk). Its output is read on a thread of its own,
 * so that the wait never sits in a read of a process that stopped writing (a stopped or hung engine keeps its pipe
 * open: a read would wait for ever, and a time-out after it would never apply). Two bounds: {@link #STARTUP} for the
 * engine's first line (a JVM starting on a loaded machine), then the load's own length plus the request time-out
 * plus {@link #SLACK} for its exit. An engine that misses one is killed and the cell fails with the reason.
 */
final class EngineWatch {
    /** From launch to the engine's first line of output: a driver JVM's start and its own warm-up. */
    static final Duration STARTUP = Duration.ofSeconds(90);
    /** Beyond warm-up + window + request time-out: writing its results and exiting. */
    static final Duration SLACK = Duration.ofSeconds(30);
    /** After the exit: the rest of the output, already in the pipe. */
    private static final Duration DRAIN = Duration.ofSeconds(10);

    private EngineWatch() {
    }

    /** How long the engine may run once it has said its first line. */
    static Duration bound(LoadSpec spec) {
        return spec.window().total().plus(spec.requestTimeout()).plus(SLACK);
    }

    /**
     * Hands every line of {@code output} to {@code onLine} (on the reading thread) and returns the exit code once the
     * process has exited within the bounds; a {@link LoadException} saying which bound was missed otherwise, the
     * process killed.
     */
    static int await(String engine, Process process, InputStream output, LoadSpec spec, Consumer<String> onLine) {
        CountDownLatch firstLine = new CountDownLatch(1);
        CompletableFuture<Void> read = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("loomlab-" + engine + "-output").start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    firstLine.countDown();
                    onLine.accept(line);
                }
                read.complete(null);
            } catch (IOException | UncheckedIOException e) {
                read.completeExceptionally(e);
            } finally {
                firstLine.countDown();
            }
        });
        try {
            if (!firstLine.await(STARTUP.toMillis(), TimeUnit.MILLISECONDS)) {
                throw killed(process, engine + " printed nothing within " + STARTUP.toSeconds() + " s of its launch");
            }
            Duration bound = bound(spec);
            if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                throw killed(process, engine + " did not finish within " + bound.toSeconds() + " s of its start (warm-up "
                        + spec.window().warmupMax().toSeconds() + " s + window " + spec.window().measure().toSeconds()
                        + " s + request time-out " + spec.requestTimeout().toSeconds() + " s + " + SLACK.toSeconds()
                        + " s): stopped, hung or overloaded");
            }
            read.get(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
            return process.exitValue();
        } catch (TimeoutException e) {
            // Exited, but something it started holds the pipe: what it printed before its exit is in.
            return process.exitValue();
        } catch (ExecutionException e) {
            throw new LoadException("lost " + engine + "'s output: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new LoadException("interrupted");
        }
    }

    /** A hung engine gets no grace: SIGKILL, then the reason. */
    private static LoadException killed(Process process, String reason) {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new LoadException(reason);
    }
}
