package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * End-to-end: the packaged driver, in its own JVM, against a real HTTP server in this JVM.
 * Runs are short (1 s warm-up, 3 s window) and bounds are loose enough for a shared 2-core box.
 */
@Timeout(180)
class DriverIT {
    private static TestTarget target;

    @BeforeAll
    static void startTarget() throws Exception {
        target = new TestTarget();
        // JIT-warm the target's request path so that the short runs below measure the driver's view
        // of a 100 ms endpoint, not the test JVM's first-second compilation
        try (HttpClient client = HttpClient.newHttpClient()) {
            List<CompletableFuture<HttpResponse<Void>>> calls = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                calls.add(client.sendAsync(HttpRequest.newBuilder(URI.create(target.url("/block?ms=0"))).build(),
                        HttpResponse.BodyHandlers.discarding()));
            }
            for (CompletableFuture<HttpResponse<Void>> call : calls) {
                assertThat(call.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
        }
    }

    @AfterAll
    static void stopTarget() {
        if (target != null) {
            target.close();
        }
    }

    @Test
    void closedModelFiftyVusOnA100msEndpoint() throws Exception {
        DriverProcess.Outcome run = DriverProcess.run("closed-50vu-100ms",
                "--url", target.url("/block?ms=100"), "--vus", "50", "--warmup", "1s", "--duration", "3s");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        JsonNode s = run.summary();

        assertSchema(s);
        assertThat(s.get("model").asText()).isEqualTo("closed");
        assertThat(s.get("vus").asInt()).isEqualTo(50);
        assertThat(s.get("rate").isNull()).isTrue();
        assertThat(s.get("requestedRate").isNull()).isTrue();
        assertThat(s.get("unsent").asLong()).isZero();
        assertThat(s.get("durationS").asDouble()).isEqualTo(3.0);
        assertThat(s.get("measureEndEpochMs").asLong() - s.get("measureStartEpochMs").asLong()).isEqualTo(3000);
        assertThat(s.get("tps").asDouble()).as(run.describe()).isCloseTo(500.0, within(50.0));
        assertThat(s.get("p50Ms").asDouble()).as(run.describe()).isBetween(95.0, 130.0);
        assertThat(s.get("ok").asLong()).isEqualTo(s.get("requests").asLong());
        assertThat(errorTotal(s)).isZero();
        assertThat(s.get("p90Ms").asDouble()).isGreaterThanOrEqualTo(s.get("p50Ms").asDouble());
        assertThat(s.get("maxMs").asDouble()).isGreaterThanOrEqualTo(s.get("p999Ms").asDouble());
        assertThat(s.get("driverCpuS").asDouble()).isGreaterThan(0.0);

        // the interval log reads back, one interval per second of the window, same count as the JSON
        HistogramLogReader reader = new HistogramLogReader(run.hlog().toFile());
        long total = 0;
        int intervals = 0;
        Histogram h;
        while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
            total += h.getTotalCount();
            intervals++;
            assertThat(h.getStartTimeStamp()).isBetween(s.get("measureStartEpochMs").asLong(), s.get("measureEndEpochMs").asLong() - 1000);
            assertThat(h.getValueAtPercentile(50)).as("values are in ns").isBetween(90_000_000L, 140_000_000L);
        }
        assertThat(intervals).isEqualTo(3);
        assertThat(total).isEqualTo(s.get("requests").asLong());
        assertThat(firstLines(run.hlog().toFile())).anyMatch(l -> l.startsWith("#") && l.contains("units=nanoseconds")
                && l.contains("/block?ms=100") && l.contains("model=closed"));

        // stdout: JSON progress lines only, ending with "done"
        List<JsonNode> progress = run.progress();
        assertThat(progress).isNotEmpty();
        assertThat(progress).extracting(p -> p.get("phase").asText()).contains("measure");
        JsonNode done = progress.get(progress.size() - 1);
        assertThat(done.get("phase").asText()).isEqualTo("done");
        assertThat(done.get("requests").asLong()).isEqualTo(s.get("requests").asLong());
        for (JsonNode p : progress.subList(0, progress.size() - 1)) {
            assertThat(p.get("phase").asText()).isIn("warmup", "measure", "drain");
            assertThat(p.has("elapsedS") && p.has("tps") && p.has("requests") && p.has("errors")).isTrue();
        }
        System.out.println("closed 50 VUs x 100 ms: " + s);
    }

    @Test
    void openModelHoldsTheRequestedRate() throws Exception {
        DriverProcess.Outcome run = DriverProcess.run("open-200rps",
                "--url", target.url("/block?ms=1"), "--rate", "200", "--warmup", "1s", "--duration", "3s");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        JsonNode s = run.summary();
        assertSchema(s);
        assertThat(s.get("model").asText()).isEqualTo("open");
        assertThat(s.get("vus").isNull()).isTrue();
        assertThat(s.get("rate").asDouble()).isEqualTo(200.0);
        assertThat(s.get("requestedRate").asDouble()).isEqualTo(200.0);
        assertThat(s.get("achievedRate").asDouble()).as(run.describe()).isCloseTo(200.0, within(10.0));
        assertThat(s.get("ok").asLong()).isEqualTo(s.get("requests").asLong());
        assertThat(s.get("unsent").asLong()).isLessThanOrEqualTo(30);
        System.out.println("open 200 req/s: " + s);
    }

    @Test
    void serverErrorsAreCountedAsStatus5xxNotOk() throws Exception {
        DriverProcess.Outcome run = DriverProcess.run("status-500",
                "--url", target.url("/fail"), "--vus", "4", "--warmup", "1s", "--duration", "2s");
        assertThat(run.exitCode()).as("errors of the target are results, not failures: " + run.describe()).isZero();
        JsonNode s = run.summary();
        assertSchema(s);
        assertThat(s.get("requests").asLong()).isPositive();
        assertThat(s.get("errors").get("status5xx").asLong()).isEqualTo(s.get("requests").asLong());
        assertThat(s.get("ok").asLong()).isZero();
        assertThat(s.get("tps").asDouble()).isZero();
        assertThat(s.get("errors").get("status4xx").asLong()).isZero();
        assertThat(s.get("errors").get("connect").asLong()).isZero();
        assertThat(s.get("errors").get("timeout").asLong()).isZero();
    }

    @Test
    void slowerThanTheTimeoutIsCountedAsTimeout() throws Exception {
        DriverProcess.Outcome run = DriverProcess.run("timeout",
                "--url", target.url("/block?ms=3000"), "--vus", "2", "--timeout", "1s", "--warmup", "1s", "--duration", "3s");
        assertThat(run.exitCode()).as(run.describe()).isZero();
        JsonNode s = run.summary();
        assertSchema(s);
        JsonNode e = s.get("errors");
        assertThat(e.get("timeout").asLong()).as(run.describe()).isGreaterThanOrEqualTo(2);
        assertThat(e.get("connect").asLong()).as("a timeout is not also a connection error").isZero();
        assertThat(s.get("ok").asLong()).isZero();
        assertThat(s.get("requests").asLong()).isEqualTo(e.get("timeout").asLong());
    }

    @Test
    void nonLoopbackTargetIsRefusedWithExit2AndOneLine() throws Exception {
        // .invalid never resolves (RFC 6761): even a broken check could not send anything anywhere
        DriverProcess.Outcome run = DriverProcess.run("remote", "--url", "http://example.invalid:8080/block", "--vus", "1");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(2);
        assertThat(run.stderr()).hasSize(1);
        assertThat(run.stderr().get(0)).contains("example.invalid").contains("loopback");
        assertThat(run.stdout()).isEmpty();
        assertThat(run.outDir().resolve("remote.driver.json")).doesNotExist();
    }

    private static long errorTotal(JsonNode s) {
        long n = 0;
        for (JsonNode v : s.get("errors")) {
            n += v.asLong();
        }
        return n;
    }

    private static void assertSchema(JsonNode s) {
        assertThat(s.get("engine").asText()).isEqualTo("hyperfoil");
        assertThat(s.get("engineVersion").asText()).isEqualTo("0.25.2");
        for (String f : List.of("url", "method", "model", "vus", "rate", "warmupS", "durationS", "measureStartEpochMs",
                "measureEndEpochMs", "requests", "ok", "tps", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "meanMs", "errors",
                "requestedRate", "achievedRate", "unsent", "driverCpuS", "driverJvm")) {
            assertThat(s.has(f)).as("field %s in %s", f, s).isTrue();
        }
        for (String f : List.of("warmupS", "durationS", "measureStartEpochMs", "measureEndEpochMs", "requests", "ok", "tps",
                "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "meanMs", "achievedRate", "unsent", "driverCpuS")) {
            assertThat(s.get(f).isNumber()).as("%s is a number", f).isTrue();
        }
        for (String f : List.of("connect", "timeout", "status4xx", "status5xx", "other")) {
            assertThat(s.get("errors").get(f).isIntegralNumber()).as("errors.%s", f).isTrue();
        }
        assertThat(s.get("warmupS").asDouble()).isEqualTo(1.0);
        assertThat(s.get("method").asText()).isEqualTo("GET");
        assertThat(s.get("driverJvm").asText()).isNotBlank();
    }

    private static List<String> firstLines(File f) throws IOException {
        List<String> all = java.nio.file.Files.readAllLines(f.toPath());
        return all.subList(0, Math.min(10, all.size()));
    }
}
