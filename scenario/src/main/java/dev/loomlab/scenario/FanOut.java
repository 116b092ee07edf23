package dev.loomlab.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The fan-out scenarios (seed 003): each request calls the downstream server's
 * {@code GET /sleep?ms=} twice. What a fan-out scenario promises beyond its path: how many
 * downstream calls one request makes (the lab counts them at the downstream and compares), and
 * how many of them happen one after another (the service time S of Little's law).
 *
 * @param callsPerRequest downstream calls one correct request makes
 * @param sequentialCalls how many of those wait for each other: S = sequentialCalls x ms
 */
public record FanOut(Scenario scenario, int callsPerRequest, int sequentialCalls) {

    /** The server property that carries the downstream's base URL, e.g. {@code http://127.0.0.1:41234}. */
    public static final String DOWNSTREAM_URL_PROPERTY = "loomlab.downstream-url";

    /** The downstream's paths. */
    public static final String SLEEP_PATH = "/sleep";
    public static final String COUNT_PATH = "/count";
    public static final String RESET_PATH = "/reset";

    private static final List<FanOut> ALL = List.of(
            new FanOut(Scenarios.FAN_OUT_SEQUENTIAL, 2, 2),
            new FanOut(Scenarios.FAN_OUT_PARALLEL, 2, 1),
            // Meant as parallel, like fan-out-parallel: its S is one call; the bug makes it one call in all.
            new FanOut(Scenarios.FAN_OUT_UNSUBSCRIBED, 2, 1));

    public static Optional<FanOut> of(Scenario scenario) {
        return ALL.stream().filter(f -> f.scenario.id().equals(scenario.id())).findFirst();
    }

    public static boolean needsDownstream(Scenario scenario) {
        return of(scenario).isPresent();
    }

    public static List<FanOut> all() {
        return ALL;
    }

    public Duration serviceTime(long ms) {
        return Duration.ofMillis(ms * sequentialCalls);
    }
}
