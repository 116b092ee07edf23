package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Scenarios;
import dev.loomlab.scenario.verify.ContractVerifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Seed 003's fan-out against a real downstream server: the calls each variant really makes, the
 * same on every server that serves it (mvc on both models, webflux). Each server's FanOutTest
 * starts its server and downstream and calls these.
 */
public final class FanOutChecks {
    private static final long MS = 300;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private FanOutChecks() {
    }

    /**
     * The three variants keep the contract, and each makes the calls it claims.
     *
     * @param downstreamCalls the downstream's count of calls answered so far
     */
    public static void eachVariantMakesTheCallsItClaims(String baseUrl, LongSupplier downstreamCalls) throws Exception {
        assertThat(new ContractVerifier().verify(baseUrl, List.of(
                Scenarios.FAN_OUT_SEQUENTIAL, Scenarios.FAN_OUT_PARALLEL, Scenarios.FAN_OUT_UNSUBSCRIBED)).failures()).isEmpty();

        long before = downstreamCalls.getAsLong();
        Duration sequential = timeOf(baseUrl + "/fan-out-sequential?ms=" + MS);
        assertThat(downstreamCalls.getAsLong() - before).isEqualTo(2);
        assertThat(sequential).isGreaterThanOrEqualTo(Duration.ofMillis(2 * MS));

        before = downstreamCalls.getAsLong();
        Duration parallel = timeOf(baseUrl + "/fan-out-parallel?ms=" + MS);
        assertThat(downstreamCalls.getAsLong() - before).isEqualTo(2);
        assertThat(parallel).isGreaterThanOrEqualTo(Duration.ofMillis(MS)).isLessThan(sequential);

        before = downstreamCalls.getAsLong();
        timeOf(baseUrl + "/fan-out-unsubscribed?ms=" + MS);
        assertThat(downstreamCalls.getAsLong() - before).as("the bug on purpose: the first call is never made").isEqualTo(1);
    }

    /** A server started without a downstream URL answers 503 naming the property, and still 400 to a bad parameter. */
    public static void withoutADownstreamAFanOutSaysSoAndStillChecksItsParameters(String baseUrl) throws Exception {
        HttpResponse<String> r = HTTP.send(get(baseUrl + "/fan-out-parallel?ms=10"), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(r.body()).contains(FanOut.DOWNSTREAM_URL_PROPERTY);
        assertThat(HTTP.send(get(baseUrl + "/fan-out-parallel?ms=-1"), HttpResponse.BodyHandlers.ofString()).statusCode())
                .isEqualTo(400);
    }

    /** The argument that points a server at {@code downstreamUrl}. */
    public static String downstreamArg(String downstreamUrl) {
        return "--" + FanOut.DOWNSTREAM_URL_PROPERTY + "=" + downstreamUrl;
    }

    private static Duration timeOf(String url) throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> r = HTTP.send(get(url), HttpResponse.BodyHandlers.ofString());
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).startsWith("called downstream 2 x " + MS + " ms");
        return took;
    }

    private static HttpRequest get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build();
    }
}
