package dev.loomlab.scenario.verify;

import dev.loomlab.scenario.FanOut;
import dev.loomlab.scenario.Param;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Checks a running server against the contract before anything is measured on it
 * (TechEmpower's rule: verify, then load). Used by the servers' tests and by the lab.
 * Sleeps are shortened to {@link #PROBE_MS} so a full verification takes well under a second.
 */
public final class ContractVerifier {
    public static final long PROBE_MS = 20;
    private static final List<String> BAD_VALUES = List.of("-1", String.valueOf(Param.MAX_SLEEP_MS + 1), "abc");

    private final HttpClient http;
    private final Duration timeout;

    public ContractVerifier() {
        this(Duration.ofSeconds(10));
    }

    public ContractVerifier(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    /** The seed scenarios (seed 000's contract), which every model serves. */
    public Verification verify(String baseUrl) {
        return verify(baseUrl, Scenarios.seeds());
    }

    /** The {@code served} scenarios a server answers on its own: all but the fan-outs. */
    public Verification verifyServed(String baseUrl, Collection<Scenario> served) {
        // The fan-outs need a downstream server (see FanOut): the lab verifies those when it runs one.
        return verify(baseUrl, served.stream().filter(s -> !FanOut.needsDownstream(s)).toList());
    }

    public Verification verify(String baseUrl, Collection<Scenario> scenarios) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        List<Check> checks = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            checks.add(checkGood(base, scenario));
            for (Param p : scenario.params()) {
                for (String bad : BAD_VALUES) {
                    checks.add(checkBad(base, scenario, p, bad));
                }
            }
        }
        return new Verification(base, thread(base), checks);
    }

    /** The thread that serves {@code /thread-name} on this server ({@code Thread.toString()}), empty when it does not answer. */
    public String thread(String base) {
        try {
            Answer a = get(base + Scenarios.THREAD_NAME.path());
            return a.status == 200 ? a.body : "";
        } catch (IOException e) {
            return "";
        }
    }

    private Check checkGood(String base, Scenario scenario) {
        Map<String, Long> args = scenario.param("ms").isPresent() ? Map.of("ms", PROBE_MS) : Map.of();
        String request = scenario.method() + " " + scenario.pathWithQuery(args);
        try {
            Answer a = send(scenario.method(), base + scenario.pathWithQuery(args));
            if (a.status == Scenarios.NOT_IMPLEMENTED && scenario == Scenarios.NATIVE_PINNED && !a.body.isBlank()) {
                // A JDK without the FFM API: the endpoint must say so in one line, and the lab skips the cell.
                return new Check(scenario.id(), request, true, Check.NOT_SERVED + firstLine(a.body));
            }
            if (a.status != 200) {
                return new Check(scenario.id(), request, false, "expected 200, got " + a.status + ": " + firstLine(a.body));
            }
            if (!scenario.bodyMatches(a.body)) {
                return new Check(scenario.id(), request, false,
                        "body does not match " + scenario.responseShape().pattern() + ": " + firstLine(a.body));
            }
            return new Check(scenario.id(), request, true, "");
        } catch (IOException e) {
            return new Check(scenario.id(), request, false, e.toString());
        }
    }

    private Check checkBad(String base, Scenario scenario, Param p, String value) {
        String path = scenario.path() + "?" + p.name() + "=" + value;
        String request = scenario.method() + " " + path;
        try {
            Answer a = send(scenario.method(), base + path);
            if (a.status != 400) {
                return new Check(scenario.id(), request, false, "expected 400, got " + a.status);
            }
            if (a.body.isBlank() || a.body.strip().contains("\n")) {
                return new Check(scenario.id(), request, false, "expected a one-line message, got: " + a.body);
            }
            return new Check(scenario.id(), request, true, "");
        } catch (IOException e) {
            return new Check(scenario.id(), request, false, e.toString());
        }
    }

    private Answer get(String url) throws IOException {
        return send("GET", url);
    }

    private Answer send(String method, String url) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static String firstLine(String body) {
        String line = body.lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    private record Answer(int status, String body) {
    }
}
