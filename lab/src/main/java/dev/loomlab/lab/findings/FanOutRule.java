package dev.loomlab.lab.findings;

import dev.loomlab.lab.fanout.CallCheck;
import java.util.Map;
import java.util.Optional;

/**
 * The fan-out call check, judged again from the counts the cell recorded: the downstream's calls
 * against what the successful requests claim to have made (see {@link CallCheck}). Silent on
 * cells without a downstream, and on cells recorded before the whole count was kept.
 */
final class FanOutRule {
    private FanOutRule() {
    }

    static Optional<String> sentence(Evidence e) {
        Map<String, Double> m = e.cell.metrics() == null ? Map.of() : e.cell.metrics();
        if (m.get("downstreamCallsUnread") != null) {
            return Optional.of("fan-out call check not made: the downstream count could not be read");
        }
        Double perRequest = m.get("downstreamCallsExpectedPerRequest");
        Double calls = m.get("downstreamCallsScaled");
        Double failed = m.get("downstreamCallsFailedRequests");
        Double inFlight = m.get("downstreamCallsInFlight");
        Double cutOffs = m.get("downstreamCallsCutOffs");
        if (perRequest == null || calls == null || failed == null || inFlight == null || cutOffs == null) {
            return Optional.empty();
        }
        CallCheck check = new CallCheck((int) e.quote("callsPerRequest", perRequest), (long) e.quote("ok", e.cell.ok()),
                (long) e.quote("failed", failed), e.quote("calls", calls), (long) e.quote("inFlight", inFlight), cutOffs > 0);
        e.quote("allowed", check.allowed());
        return Optional.of(check.finding());
    }
}
