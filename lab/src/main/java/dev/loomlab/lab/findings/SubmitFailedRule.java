package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.metrics.JfrCounts;
import java.util.Optional;

/** JFR {@code jdk.VirtualThreadSubmitFailed}: the scheduler could not start or resume virtual threads. */
final class SubmitFailedRule {
    private SubmitFailedRule() {
    }

    static Optional<String> sentence(Evidence e) {
        long failed = e.jfr(JfrCounts.SUBMIT_FAILED);
        if (failed <= 0) {
            return Optional.empty();
        }
        e.quote("submitFailed", failed);
        return Optional.of(f("%s virtual threads could not be started or resumed (%s in the window) — read %s",
                Say.count(failed), JfrCounts.SUBMIT_FAILED, e.cell.files().serverLog() == null ? "the server log" : e.cell.files().serverLog()));
    }
}
