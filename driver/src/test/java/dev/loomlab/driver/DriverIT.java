package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * End-to-end: the packaged driver, in its own JVM, against a real HTTP server in this JVM.
 * Runs are short (1 s warm-up, 3 s window) and bounds are loose enough for a shared 2-core box.
 */
@Timeout(180)
class DriverIT extends AgainstTestTarget {
    @BeforeAll
    static void warmTheTarget() throws Exception {
        // JIT-warm the target's request path so that the short runs below measure the driver's view
        // of a 100 ms endpoint, not the test JVM's first-second compilation
        try (HttpClient client = HttpClient.newHttpClient()) {
            List<CompletableFuture<HttpResponse<Void>>> calls = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                calls.add(client.sendAsync(HttpRequest.newBuilder(URI.create(target.url("/block?ms=0"))).build(),
                        HttpResponse.BodyHandlers.discarding()));
                calls.add(client.sendAsync(HttpRequest.newBuilder(URI.create(target.url("/limited?ms=0&max=1000"))).build(),
                        HttpResponse.BodyHandlers.discarding()));
            }
            for (CompletableFuture<HttpResponse<Void>> call : calls) {
                assertThat(call.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
        }
    }

    @Test
    void closedModelFiftyVusOnA100msEndpoint() throws Exception {
        DriverProcess.Outcome run = steadyRun("closed", "closed-50vu-100ms",
                "--url", target.url("/block?ms=100"), "--vus", "50", "--warmup", "1s", "--duration", "3s");
        JsonNode s = run.summary();

        assertThat(s.get("vus").asInt()).isEqualTo(50);
        assertThat(s.get("rate").isNull()).isTrue();
        assertThat(s.get("requestedRate").isNull()).isTrue();
        assertThat(s.get("unsent").asLong()).isZero();
        assertThat(s.get("durationS").asDouble()).isEqualTo(3.0);
        assertThat(s.get("measureEndEpochMs").asLong() - s.get("measureStartEpochMs").asLong()).isEqualTo(3000);
        // No absolute TPS: on this 2-core machine under other builds' load a run measured 383 TPS (77 % of 50 VUs / 100 ms),
        // mean 124 ms, p50 112 ms — while Little's law held within 3.3 % and p50 stayed below the mean. So: never above
        // the ceiling (2 % for the histogram's rounding), and the requests in flight (throughput × mean response time,
        // Little's law) at most the 50 VUs and at least 80 % of them. Not all 50: the rest is the time a VU spends in the
        // driver between a response and its next request, which grows as the driver's CPU shrinks — on a machine a
        // quarter as fast (--slow 4) 334 starts a second × 132 ms held 44 of the 50 in flight (88 %).
        assertThat(s.get("tps").asDouble()).as(run.describe()).isPositive().isLessThanOrEqualTo(500.0 * 1.02);
        double inFlight = s.get("tpsByStart").asDouble() * s.get("meanMs").asDouble() / 1000.0;
        assertThat(inFlight).as(run.describe()).isBetween(0.80 * 50, 1.02 * 50);
        // closed model at steady state: completions per second = starts per second (Little's law both ways)
        assertThat(s.get("tps").asDouble()).as(run.describe()).isCloseTo(s.get("tpsByStart").asDouble(),
                within(0.03 * s.get("tpsByStart").asDouble()));
        assertThat(s.get("shape").asText()).isEqualTo("steady");
        assertThat(s.get("okPerSecond")).hasSize(3);
        long okSum = 0;
        for (JsonNode n : s.get("okPerSecond")) {
            okSum += n.asLong();
        }
        assertThat(okSum).isEqualTo(s.get("completedInWindow").asLong());
        assertThat(s.get("driverCpuSPer1000Requests").asDouble()).isPositive();
        assertThat(s.get("levels").isNull() && s.get("burst").isNull()).isTrue();
        // At least the sleep (less the histogram's 1 % rounding); at most the mean plus that rounding: stalls of a loaded
        // machine lengthen the tail, which raises the mean and leaves the median (112 ms against a 124 ms mean, measured).
        assertThat(s.get("p50Ms").asDouble()).as(run.describe()).isGreaterThanOrEqualTo(99.0)
                .isLessThanOrEqualTo(s.get("meanMs").asDouble() * 1.02);
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
            // A unit check, not a timing one: ms or µs would read 100 or 100,000; ns reads 1e8, and a stalled second 100× that at most.
            assertThat(h.getValueAtPercentile(50)).as("values are in ns").isBetween(90_000_000L, 10_000_000_000L);
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
    }

    @Test
    void openModelHoldsTheRequestedRate() throws Exception {
        // A driver starved of CPU in its first second sends what it owes late (Hyperfoil keeps the schedule): with a 1 s
        // warm-up, on a machine 4x slower, that catch-up fell in the window (220 req/s). 3 s let it end before.
        DriverProcess.Outcome run = steadyRun("open", "open-200rps",
                "--url", target.url("/block?ms=1"), "--rate", "200", "--warmup", "3s", "--duration", "3s");
        JsonNode s = run.summary();
        assertThat(s.get("vus").isNull()).isTrue();
        assertThat(s.get("rate").asDouble()).isEqualTo(200.0);
        assertThat(s.get("requestedRate").asDouble()).isEqualTo(200.0);
        double achieved = s.get("achievedRate").asDouble();
        if (Math.abs(achieved - 200.0) > 4.0) {
            // A driver without the CPU to keep the schedule (at a quarter core per core, its one event loop and 8,000
            // connections sent 136 req/s in the window) must say so, never fall short in silence: the arrivals it sent
            // late or not at all are in its schedule. Then this machine cannot show the rate held.
            JsonNode schedule = s.get("schedule");
            long late = schedule.get("sentLate").asLong() + schedule.get("notSent").asLong();
            assertThat(late).as(run.describe()).isPositive();
            Assumptions.abort(String.format(Locale.ROOT, "the driver sent %.1f req/s of 200 and "
                    + "reported %d arrivals late or unsent (longest wait %.0f ms): no CPU headroom here to hold the rate",
                    achieved, late, schedule.get("maxSendDelayMs").asDouble()));
        }
        assertThat(achieved).as(run.describe()).isCloseTo(200.0, within(4.0)); // within 2 %
        assertThat(s.get("ok").asLong()).isEqualTo(s.get("requests").asLong());
        assertThat(s.get("unsent").asLong()).isLessThanOrEqualTo(30);
    }

    /**
     * The open model under overload: 400 arrivals/s against a server that can complete 200/s (20 at a
     * time, 100 ms each). Throughput is what completed (~200/s), not what was sent (~400/s).
     */
    @Test
    void openModelUnderOverloadReportsCompletionsNotArrivals() throws Exception {
        DriverProcess.Outcome run = steadyRun("open", "open-overload",
                // (a 3 s warm-up, as above: a starved driver's catch-up after a 1 s one read 456 req/s by start)
                "--url", target.url("/limited?ms=100&max=20"), "--rate", "400", "--warmup", "3s", "--duration", "3s",
                // at most ~1,200 in flight (1,200 queued after 6 s + 20 served): enough sessions and connections
                "--max-sessions", "2000", "--connections", "1500");
        JsonNode s = run.summary();
        double tps = s.get("tps").asDouble();
        double byStart = s.get("tpsByStart").asDouble();
        long start = s.get("measureStartEpochMs").asLong();
        long end = s.get("measureEndEpochMs").asLong();
        double serverTps = target.limitedDoneBetween(start, end) / s.get("durationS").asDouble();
        System.out.println("open 400 req/s on 200/s of capacity: tps " + tps + ", by start " + byStart + ", server " + serverTps
                + ": " + s);
        assertThat(byStart).as(run.describe()).isCloseTo(400.0, within(40.0));
        // what the server itself completed in the window, within 10 %
        assertThat(tps).as("driver tps vs the server's own count %s\n%s", serverTps, run.describe())
                .isCloseTo(serverTps, within(0.10 * serverTps));
        // and the nominal capacity, 20 x (1 s / 100 ms) = 200/s (loose: a shared 2-core box slows the server a little)
        assertThat(tps).as(run.describe()).isBetween(150.0, 220.0);
        assertThat(s.get("completedInWindow").asLong()).isEqualTo(Math.round(tps * s.get("durationS").asDouble()));
        assertThat(s.get("okPerSecond")).hasSize(3);
        // the queue grows by ~200 requests a second: so does the latency of each second's requests
        List<Double> p99 = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(run.hlog().toFile());
        Histogram h;
        while ((h = (Histogram) reader.nextIntervalHistogram()) != null) {
            p99.add(h.getValueAtPercentile(99) / 1e6);
        }
        assertThat(p99).as("p99 per second (ms)").hasSize(3);
        assertThat(p99.get(2)).as("p99 per second (ms): %s", p99).isGreaterThan(p99.get(0) + 500);
        assertThat(s.get("p99Ms").asDouble()).isGreaterThan(1500.0);
    }

    @Test
    void burstOnAServerAdmitting50AtATime() throws Exception {
        DriverProcess.Outcome run = burstRun("burst-limited", "/limited?ms=100&max=50", 200);
        JsonNode s = run.summary();
        // four rounds of 50: at least 400 ms, whatever the machine (no upper bound: under other builds' load this
        // machine measured 417 ms and 1,457 ms for the same burst)
        assertThat(s.get("wallTimeMs").asDouble()).as(run.describe()).isGreaterThanOrEqualTo(395.0);
        // The request answered last was sent at most sendSpreadMs after the first: it waited at least the wall time less
        // that spread (a driver starved of CPU sends over hundreds of ms: 352 ms max at half a core per core), less the
        // histogram's 1 % rounding.
        double spread = s.get("diagnostics").get("sendSpreadMs").asDouble();
        assertThat(s.get("maxMs").asDouble()).as(run.describe())
                .isGreaterThanOrEqualTo(0.99 * (s.get("wallTimeMs").asDouble() - spread) - 1);
        if (spread < 10) {
            // sent at once: the last of four rounds of 50 waited all four
            assertThat(s.get("maxMs").asDouble()).as(run.describe()).isGreaterThan(390.0);
        }
        // the first progress line comes as the burst starts, not a second in: the lab starts observing the server on it
        JsonNode first = run.progress().getFirst();
        assertThat(first.get("phase").asText()).isEqualTo("burst");
        assertThat(first.get("elapsedS").asDouble()).as(run.describe()).isLessThan(0.1);

        DriverProcess.Outcome free = burstRun("burst-unlimited", "/block?ms=100", 200);
        JsonNode f = free.summary();
        // one round: ~100 ms plus the time to send 200 requests from a cold driver
        assertThat(f.get("wallTimeMs").asDouble()).as(free.describe()).isGreaterThanOrEqualTo(99.0);
        assertThat(f.get("p50Ms").asDouble()).isGreaterThanOrEqualTo(99.0).isLessThanOrEqualTo(f.get("wallTimeMs").asDouble());
        // Four waves against one: an ordering, not a time. Measured limited / free on this machine: 417 / 115 ms quiet,
        // 1,457 / 197 ms and 425 / 288 ms under other builds' load — a cold driver's sending time overlaps the limited
        // burst's first waves, so the ratio fell to 1.5: only the order holds whatever the load (the waves themselves
        // are the 395 ms bound above).
        // The order shows only while the driver sends the 200 faster than a wave: 4x slower, the free burst's sends spread
        // over 452 ms, a wave is 100 ms, and both bursts took the sending's time (719 vs 731 ms).
        if (f.get("diagnostics").get("sendSpreadMs").asDouble() < 100) {
            assertThat(s.get("wallTimeMs").asDouble()).as("limited %s vs free %s", s, f).isGreaterThan(f.get("wallTimeMs").asDouble());
        }
    }

    @Test
    void rampReportsOneResultPerLevel() throws Exception {
        DriverProcess.Outcome run = steadyRun("closed", "ramp",
                "--url", target.url("/block?ms=100"), "--ramp", "10:40:3", "--step-duration", "2s", "--warmup", "1s");
        JsonNode s = run.summary();
        assertThat(s.get("shape").asText()).isEqualTo("ramp");
        assertThat(s.get("durationS").asDouble()).isEqualTo(6.0);
        assertThat(s.get("ramp").get("steps").asInt()).isEqualTo(3);
        assertThat(s.get("okPerSecond")).hasSize(6);
        JsonNode levels = s.get("levels");
        assertThat(levels).hasSize(3);
        int[] vus = {10, 25, 40};
        double total = 0;
        for (int k = 0; k < 3; k++) {
            JsonNode l = levels.get(k);
            assertThat(l.get("vus").asInt()).isEqualTo(vus[k]);
            // 10 requests/s per VU; by completion a level lags its start by one response time (~3 % here).
            // (Levels of 2 s rather than 1 s: one 100 ms stall of this shared box costs half as much.)
            // At most VUs / S (2 % for rounding); a loaded machine measured 337 of 400 at 40 VUs (mean 114 ms), so no lower
            // bound here: Little's law below and the levels' order after the loop say the levels are real.
            assertThat(l.get("tps").asDouble()).as("level %d: %s\n%s", k + 1, l, run.describe())
                    .isPositive().isLessThanOrEqualTo(vus[k] * 10.0 * 1.02);
            assertThat(l.get("tps").asDouble()).as("level %d above the one before: %s", k + 1, levels).isGreaterThan(k == 0 ? 0 : levels.get(k - 1).get("tps").asDouble());
            // Little's law within the level, with the closed run's bounds (80-102 % of the VUs in flight) widened by the
            // level's edges: its rate counts the requests it started, its mean those it completed, and the two sets differ by
            // up to one response time's worth of requests (100 ms of a 2 s level: 5 %). Measured 102.5 % at --slow 2.
            double edges = 0.100 / 2.0;
            assertThat(l.get("tpsByStart").asDouble() * l.get("meanMs").asDouble() / 1000.0).as("level %d: %s", k + 1, l)
                    .isBetween((0.80 - edges) * vus[k], (1.02 + edges) * vus[k]);
            // As in the closed run: the sleep at least, the mean (plus rounding) at most — measured 100.7–104.3 ms against means of 100.9–114.3 ms.
            assertThat(l.get("p50Ms").asDouble()).isGreaterThanOrEqualTo(99.0).isLessThanOrEqualTo(l.get("meanMs").asDouble() * 1.02);
            assertThat(l.get("p99Ms").asDouble()).isPositive();
            for (String e : List.of("connect", "timeout", "status4xx", "status5xx", "other")) {
                assertThat(l.get("errors").get(e).asLong()).isZero();
            }
            total += l.get("tps").asDouble();
        }
        assertThat(s.get("tps").asDouble()).isCloseTo(total / 3, within(1.0));
        // progress lines name the level and its VUs
        assertThat(run.progress()).anyMatch(p -> p.has("level") && p.get("level").asInt() == 3 && p.get("vus").asInt() == 40);
    }

    @Test
    void serverErrorsAreCountedAsStatus5xxNotOk() throws Exception {
        // Errors of the target are results, not failures: the run still ends with exit 0.
        DriverProcess.Outcome run = steadyRun("closed", "status-500",
                "--url", target.url("/fail"), "--vus", "4", "--warmup", "1s", "--duration", "2s");
        JsonNode s = run.summary();
        long requests = s.get("requests").asLong();
        assertThat(requests).isPositive();
        assertThat(s.get("errors").get("status5xx").asLong()).isEqualTo(requests);
        assertThat(s.get("ok").asLong()).isZero();
        assertThat(s.get("tps").asDouble()).isZero();
        assertThat(errorTotal(s)).as("no error but status5xx: %s", s.get("errors")).isEqualTo(requests);
        // by completion: the same 500s, filed by the second they came back in
        assertThat(s.get("errorsByCompletion").get("status5xx").asLong()).isPositive();
        assertThat(s.get("completedInWindow").asLong()).isEqualTo(s.get("errorsByCompletion").get("status5xx").asLong());
        assertThat(s.get("tpsByStart").asDouble()).isZero();
    }

    @Test
    void slowerThanTheTimeoutIsCountedAsTimeout() throws Exception {
        DriverProcess.Outcome run = steadyRun("closed", "timeout",
                "--url", target.url("/block?ms=3000"), "--vus", "2", "--timeout", "1s", "--warmup", "1s", "--duration", "3s");
        JsonNode s = run.summary();
        JsonNode e = s.get("errors");
        assertThat(e.get("timeout").asLong()).as(run.describe()).isGreaterThanOrEqualTo(2);
        assertThat(e.get("connect").asLong()).as("a timeout is not also a connection error").isZero();
        assertThat(s.get("ok").asLong()).isZero();
        assertThat(s.get("requests").asLong()).isEqualTo(e.get("timeout").asLong());
        // by completion: a timeout completes when it fires, and is a timeout, not a connection error
        JsonNode c = s.get("errorsByCompletion");
        assertThat(c.get("timeout").asLong()).as(run.describe()).isGreaterThanOrEqualTo(2);
        assertThat(c.get("connect").asLong()).isZero();
        assertThat(s.get("completedInWindow").asLong()).isEqualTo(c.get("timeout").asLong());
    }

    @Test
    void nonLoopbackTargetIsRefusedWithExit2AndOneLine() throws Exception {
        // 192.0.2.0/24 is reserved for documentation (RFC 5737): a broken check would send nothing anyone receives
        DriverProcess.Outcome run = refused("remote", "http://192.0.2.7:8080/block");
        assertThat(run.stderr().get(0)).contains("192.0.2.7").contains("loopback");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void aTargetNameThatResolvesToNothingIsRefusedWithExit2AndOneLine() throws Exception {
        // .invalid never resolves (RFC 6761)
        DriverProcess.Outcome run = refused("unresolved", "http://example.invalid:8080/block");
        assertThat(run.stderr().get(0)).contains("example.invalid").contains("no address");
    }

    /** A one-VU run at {@code url} that must be refused before any load: exit 2, one line on stderr, no result file. */
    private static DriverProcess.Outcome refused(String name, String url) throws Exception {
        DriverProcess.Outcome run = DriverProcess.run(name, "--url", url, "--vus", "1");
        assertThat(run.exitCode()).as(run.describe()).isEqualTo(2);
        assertThat(run.stderr()).hasSize(1);
        assertThat(run.outDir().resolve(name + ".driver.json")).doesNotExist();
        return run;
    }

    private static long errorTotal(JsonNode s) {
        long n = 0;
        for (JsonNode v : s.get("errors")) {
            n += v.asLong();
        }
        return n;
    }

    /** A burst of {@code n} at the target's {@code path} that must end with exit 0 and a summary of the burst schema, shown. */
    private static DriverProcess.Outcome burstRun(String name, String path, int n) throws Exception {
        DriverProcess.Outcome run = DriverProcess.succeeded(name, "--url", target.url(path), "--burst", String.valueOf(n));
        JsonNode s = run.summary();
        System.out.println(name + ": " + s);
        assertBurst(s, n);
        return run;
    }

    private static void assertBurst(JsonNode s, int n) {
        for (String f : List.of("url", "method", "model", "vus", "rate", "warmupS", "durationS", "measureStartEpochMs",
                "measureEndEpochMs", "requests", "ok", "tps", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "meanMs", "errors",
                "requestedRate", "achievedRate", "unsent", "driverCpuS", "driverJvm", "burst", "wallTimeMs", "tpsByStart")) {
            assertThat(s.has(f)).as("field %s in %s", f, s).isTrue();
        }
        assertThat(s.get("model").asText()).isEqualTo("burst");
        assertThat(s.get("burst").asInt()).isEqualTo(n);
        assertThat(s.get("requests").asLong()).isEqualTo(n);
        assertThat(s.get("ok").asLong()).isEqualTo(n);
        assertThat(errorTotal(s)).isZero();
        assertThat(s.get("measureEndEpochMs").asLong() - s.get("measureStartEpochMs").asLong())
                .isCloseTo(Math.round(s.get("wallTimeMs").asDouble()), within(2L));
        // (the histogram keeps 2 significant digits: its max may read up to 1 % above the true value)
        assertThat(s.get("maxMs").asDouble()).isLessThanOrEqualTo(s.get("wallTimeMs").asDouble() * 1.01 + 1);
    }

    /**
     * A run that must end with exit 0 and a summary of the steady-run schema, of the {@code model} (closed or open)
     * its flags ask for, shown on the test's output: where most tests start.
     */
    private static DriverProcess.Outcome steadyRun(String model, String name, String... args) throws Exception {
        DriverProcess.Outcome run = DriverProcess.succeeded(name, args);
        JsonNode s = run.summary();
        System.out.println(name + ": " + s);
        int warmup = List.of(args).indexOf("--warmup");
        assertSchema(s, model, warmup < 0 ? 1.0 : Double.parseDouble(args[warmup + 1].replace("s", "")));
        return run;
    }

    private static void assertSchema(JsonNode s, String model, double warmupS) {
        assertThat(s.get("model").asText()).isEqualTo(model);
        assertThat(s.get("engine").asText()).isEqualTo("hyperfoil");
        assertThat(s.get("engineVersion").asText()).isEqualTo("0.25.2");
        for (String f : List.of("url", "method", "model", "vus", "rate", "warmupS", "durationS", "measureStartEpochMs",
                "measureEndEpochMs", "requests", "ok", "tps", "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "meanMs", "errors",
                "requestedRate", "achievedRate", "unsent", "driverCpuS", "driverJvm",
                "shape", "tpsByStart", "completedInWindow", "okPerSecond", "errorsPerSecond", "errorsByCompletion", "burst", "levels")) {
            assertThat(s.has(f)).as("field %s in %s", f, s).isTrue();
        }
        for (String f : List.of("warmupS", "durationS", "measureStartEpochMs", "measureEndEpochMs", "requests", "ok", "tps",
                "p50Ms", "p90Ms", "p99Ms", "p999Ms", "maxMs", "meanMs", "achievedRate", "unsent", "driverCpuS")) {
            assertThat(s.get(f).isNumber()).as("%s is a number", f).isTrue();
        }
        for (String f : List.of("connect", "timeout", "status4xx", "status5xx", "other")) {
            assertThat(s.get("errors").get(f).isIntegralNumber()).as("errors.%s", f).isTrue();
        }
        assertThat(s.get("warmupS").asDouble()).isEqualTo(warmupS);
        assertThat(s.get("method").asText()).isEqualTo("GET");
        assertThat(s.get("driverJvm").asText()).isNotBlank();
    }

    private static List<String> firstLines(File f) throws IOException {
        List<String> all = Files.readAllLines(f.toPath());
        return all.subList(0, Math.min(10, all.size()));
    }
}
