package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The open model times each request from when it was due: a stall on either side — the driver's JVM or the
 * server's — shows in the latency of the requests due during it. Each side is stopped for 2 s (SIGSTOP, then
 * SIGCONT) inside the window of a 300 requests/s run against a 1 ms endpoint.
 */
@Timeout(180)
class OpenModelScheduleIT {
    private static final long FREEZE_MS = 2_000;
    private static final double RATE = 300;

    @Test
    void aStoppedDriverStillCountsTheRequestsDueWhileItWasStopped() throws Exception {
        Stopped run = stopInsideTheWindow("driver-frozen", Side.DRIVER);
        JsonNode s = run.summary();
        JsonNode schedule = s.get("schedule");
        // the first request due in the stop waited all of it before it could even be sent
        assertThat(s.get("maxMs").asDouble()).as(run.describe()).isGreaterThanOrEqualTo(0.95 * FREEZE_MS);
        // ~600 were due in the stop and left on resuming: at least 80 % of them late
        assertThat(schedule.get("sentLate").asLong()).as(run.describe()).isGreaterThanOrEqualTo((long) (0.8 * RATE * FREEZE_MS / 1000));
        assertThat(schedule.get("maxSendDelayMs").asDouble()).isGreaterThanOrEqualTo(0.95 * FREEZE_MS);
        assertThat(schedule.get("due").asLong()).isEqualTo((long) (RATE * s.get("durationS").asDouble()));
        // (a starved driver may leave some unsent when the phase ends: counted, not bounded here)
        assertThat(schedule.get("notSent").asLong()).isEqualTo(s.get("unsent").asLong())
                .isEqualTo(schedule.get("due").asLong() - schedule.get("sent").asLong());
    }

    @Test
    void aStoppedServerShowsInTheLatencyAsBefore() throws Exception {
        Stopped run = stopInsideTheWindow("server-frozen", Side.SERVER);
        assertThat(run.summary().get("maxMs").asDouble()).as(run.describe()).isGreaterThanOrEqualTo(0.95 * FREEZE_MS);
    }

    private enum Side { DRIVER, SERVER }

    private record Stopped(DriverProcess.Outcome outcome, JsonNode summary) {
        String describe() {
            return outcome.describe();
        }
    }

    /** A 300/s run against a server in its own JVM, with one side's process stopped for 2 s inside the window. */
    private static Stopped stopInsideTheWindow(String name, Side side) throws Exception {
        try (ServerJvm server = ServerJvm.start()) {
            DriverProcess.Running driver = startRun(name, server.url("/block?ms=1"));
            freezeInsideTheWindow(driver, side == Side.DRIVER ? driver.pid() : server.pid());
            DriverProcess.Outcome run = driver.finish();
            JsonNode s = summary(run);
            System.out.println(name + ", stopped 2 s at 300/s: max " + s.get("maxMs") + " ms, p99 " + s.get("p99Ms") + " ms, schedule "
                    + s.get("schedule"));
            return new Stopped(run, s);
        }
    }

    /**
     * 2 s of warm-up, 6 s of window: the stop starts 2 s into the window and ends 2 s before its end. Enough connections
     * for the ~600 requests a stop piles up, so that they do not wait for one (that wait would count too).
     */
    private static DriverProcess.Running startRun(String name, String url) throws IOException {
        return DriverProcess.start(name, "--url", url, "--rate", String.valueOf((int) RATE), "--warmup", "2s", "--duration", "6s",
                "--timeout", "10s", "--max-sessions", "2000", "--connections", "1000");
    }

    private static void freezeInsideTheWindow(DriverProcess.Running driver, long pid) throws Exception {
        driver.awaitProgress(p -> "measure".equals(p.path("phase").asText()) && p.path("elapsedS").asDouble() >= 3.9, 60_000);
        signal("STOP", pid);
        try {
            Thread.sleep(FREEZE_MS);
        } finally {
            signal("CONT", pid);
        }
    }

    private static JsonNode summary(DriverProcess.Outcome run) throws IOException {
        assertThat(run.exitCode()).as(run.describe()).isZero();
        return run.summary();
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0).as("kill -%s %d", name, pid).isTrue();
    }

    /** {@link TestTarget} in a JVM of its own, so that its process can be stopped without stopping the test. */
    private record ServerJvm(Process process, int port) implements AutoCloseable {
        static ServerJvm start() throws IOException {
            String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            // the JDK's HTTP server closes idle connections beyond 200 by default: keep the driver's
            Process p = new ProcessBuilder(List.of(java, "-Dsun.net.httpserver.maxIdleConnections=5000", "-cp",
                    System.getProperty("java.class.path"), TestTarget.class.getName()))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            if (line == null) {
                p.destroyForcibly();
                throw new AssertionError("the test target's JVM ended before printing its port");
            }
            return new ServerJvm(p, Integer.parseInt(line.trim()));
        }

        long pid() {
            return process.pid();
        }

        String url(String pathAndQuery) {
            return "http://127.0.0.1:" + port + pathAndQuery;
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
