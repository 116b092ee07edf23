package dev.loomlab.lab.stall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.jdk.Jdk;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The stall tests' server ({@code /stall/StallTarget.java}) in a JVM of its own, and the timer that stops a process
 * (the server or the load engine) for 2 s: closed, it continues that process, then stops the timer and the server.
 */
final class StallFixture implements AutoCloseable {
    private final Process process;
    private final String url;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private volatile LongSupplier stalled = () -> 0;

    private StallFixture(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** Starts the server and waits for the port it prints. */
    static StallFixture start() throws Exception {
        Path source = Path.of(StallFixture.class.getResource("/stall/StallTarget.java").toURI());
        Process process = new ProcessBuilder(Jdk.current().java().toString(), source.toString()).redirectErrorStream(true).start();
        try {
            String first = new BufferedReader(new InputStreamReader(process.getInputStream())).readLine();
            assertThat(first).startsWith("port ");
            return new StallFixture(process, "http://127.0.0.1:" + first.substring(5).trim() + "/");
        } catch (Exception | AssertionError e) {
            process.destroyForcibly();
            throw e;
        }
    }

    String url() {
        return url;
    }

    long pid() {
        return process.pid();
    }

    /** Stops the process {@code pid} names (read when the stall begins; 0: none) from 2 s from now until 4 s from now. */
    void stallTwoSecondsFromNow(LongSupplier pid) {
        stalled = pid;
        timer.schedule(() -> signal("STOP", pid.getAsLong()), 2, TimeUnit.SECONDS);
        timer.schedule(() -> signal("CONT", pid.getAsLong()), 4, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            signal("CONT", stalled.getAsLong());
        } finally {
            timer.shutdownNow();
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void signal(String signal, long pid) {
        if (pid <= 0) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).start().waitFor(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
