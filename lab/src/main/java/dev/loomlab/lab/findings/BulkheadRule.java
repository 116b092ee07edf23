package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.scenario.Scenarios;
import java.util.Map;
import java.util.Optional;

/**
 * {@code slow-query} and {@code slow-query-bulkhead}: errors by kind. Without the bulkhead a
 * request the pool cannot take waits for the pool's 30 s timeout and fails there (a 500, or a
 * driver timeout); with it, it is refused at once with a 503. The counts come from the server:
 * its bulkhead's refusals and Hikari's timeouts in the window.
 */
final class BulkheadRule {
    private BulkheadRule() {
    }

    static Optional<String> sentence(Evidence e) {
        boolean bulkhead = Scenarios.SLOW_QUERY_BULKHEAD.id().equals(e.cell.scenario());
        if (!bulkhead && !Scenarios.SLOW_QUERY.id().equals(e.cell.scenario())) {
            return Optional.empty();
        }
        Map<String, Double> m = e.cell.metrics() == null ? Map.of() : e.cell.metrics();
        Double refused = m.get("bulkheadRefused");
        Double timeouts = m.get("poolTimeoutsInWindow");
        e.quote("refused", refused == null ? Double.NaN : refused);
        e.quote("poolTimeouts", timeouts == null ? Double.NaN : timeouts);
        e.quote("status5xx", e.errors("status5xx"));
        e.quote("timeouts", e.errors("timeout"));
        if (bulkhead && refused != null) {
            return Optional.of(f("the bulkhead refused %s requests with a fast 503 (p50 %.0f ms) and let %s through;"
                            + " %s pool timeout%s, %s driver timeout%s",
                    Say.count(refused), e.cell.p50Ms(), Say.count(e.cell.ok()), timeouts == null ? "no counted" : Say.count(timeouts),
                    timeouts != null && timeouts == 1 ? "" : "s", Say.count(e.errors("timeout")), e.errors("timeout") == 1 ? "" : "s"));
        }
        if (!bulkhead && timeouts != null && timeouts > 0) {
            return Optional.of(f("%s requests waited for the pool's timeout and failed there (%s 5xx, %s driver timeouts):"
                    + " no back-pressure — compare slow-query-bulkhead", Say.count(timeouts), Say.count(e.errors("status5xx")),
                    Say.count(e.errors("timeout"))));
        }
        return Optional.empty();
    }
}
