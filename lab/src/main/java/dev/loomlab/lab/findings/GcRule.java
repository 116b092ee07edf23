package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.metrics.SeriesRow;
import java.util.Optional;

/** GC pauses took more than 5 % of the measured window: every pause stops every request. */
final class GcRule {
    private GcRule() {
    }

    static Optional<String> sentence(Evidence e) {
        double paused = e.sum(SeriesRow::gcPauseMs);
        double windowMs = e.windowS() * 1000;
        if (Double.isNaN(paused) || windowMs <= 0 || paused <= Findings.GC_SHARE * windowMs) {
            return Optional.empty();
        }
        double heap = e.quote("heapUsedMbMax", e.max(SeriesRow::heapUsedMb));
        e.quote("gcPauseMs", paused);
        e.quote("windowS", e.windowS());
        e.quote("gcPauseMsMaxPerSecond", e.max(SeriesRow::gcPauseMs));
        return Optional.of(f("GC paused the server for %s ms = %.1f %% of the %.1f s window (up to %s ms in one second%s) — "
                        + "GC pressure: each pause stops every request; raise --heap or allocate less",
                Say.count(paused), 100 * paused / windowMs, e.windowS(), Say.count(e.max(SeriesRow::gcPauseMs)),
                Double.isNaN(heap) ? "" : ", heap in use up to " + Say.count(heap) + " MB"));
    }
}
