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

    public List<Check> failures() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }
}
