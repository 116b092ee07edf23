package dev.loomlab.scenario.verify;

import dev.loomlab.scenario.ThreadKind;
import dev.loomlab.scenario.ThreadNames;
import java.util.List;

/**
 * Everything the verifier checked on one server.
 *
 * @param thread what served {@code /thread-name} ({@code Thread.toString()}), empty when it did not answer
 */
public record Verification(String baseUrl, String thread, List<Check> checks) {
    public Verification {
        checks = List.copyOf(checks);
    }

    /** The kind of thread that served, told by the names the server's descriptor gives its threads. */
    public ThreadKind threadKind(ThreadNames names) {
        return ThreadKind.of(thread, names);
    }

    public boolean passed() {
        return checks.stream().allMatch(Check::passed);
    }

    /** The server's own one-line reason for not serving {@code scenarioId} (e.g. no FFM on JDK 21), or empty. */
    public java.util.Optional<String> notServed(String scenarioId) {
        return checks.stream().filter(c -> c.scenario().equals(scenarioId) && c.notServed())
                .map(c -> c.detail().substring(Check.NOT_SERVED.length())).findFirst();
    }

    public List<Check> failures() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }
}
