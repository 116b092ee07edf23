package dev.loomlab.scenario.verify;

import dev.loomlab.scenario.ThreadKind;
import java.util.List;

/** Everything the verifier checked on one server. */
public record Verification(String baseUrl, ThreadKind threadKind, List<Check> checks) {
    public Verification {
        checks = List.copyOf(checks);
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
