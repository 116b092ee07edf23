package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.metrics.SeriesRow;
import java.util.Optional;

/**
 * GC pauses took more than 5 % of the measured window, or at least half of the cell's gap below its ceiling
 * ({@link Verdict#gcExplains}): every pause stops every request. A cell 4.4 % below its ceiling with 3.7 % of its
 * window paused lost most of that gap to GC, although 3.7 % is little on its own.
 */
final class GcRule {
    private GcRule() {
    }

    static Optional<String> sentence(Evidence e) {
        double paused = e.sum(SeriesRow::gcPauseMs);
        double windowMs = e.windowS() * 1000;
        if (Double.isNaN(paused) || windowMs <= 0) {
            return Optional.empty();
        }
        Double ratio = e.ceilingRatio();
        boolean belowCeiling = ratio != null && !Verdict.atCeiling(ratio);
        boolean explainsGap = belowCeiling && Verdict.gcExplains(e.gcShare(), e.gap());
        if (paused <= Findings.GC_SHARE * windowMs && !explainsGap) {
            return Optional.empty();
        }
        double heap = e.quote("heapUsedMbMax", e.max(SeriesRow::heapUsedMb));
        e.quote("gcPauseMs", paused);
        e.quote("windowS", e.windowS());
        e.quote("gcPauseMsMaxPerSecond", e.max(SeriesRow::gcPauseMs));
        String ofGap = "";
        if (explainsGap) {
            e.quote("gap", e.gap());
            ofGap = f(", %.0f %% of the cell's %.1f %% gap below its ceiling", 100 * e.gcShare() / e.gap(), 100 * e.gap());
        }
        return Optional.of(f("GC paused the server for %s ms = %.1f %% of the %.1f s window (up to %s ms in one second%s%s) — "
                        + "GC pressure: each pause stops every request; raise --heap or allocate less",
                Say.count(paused), 100 * paused / windowMs, e.windowS(), Say.count(e.max(SeriesRow::gcPauseMs)),
                Double.isNaN(heap) ? "" : ", heap in use up to " + Say.count(heap) + " MB", ofGap));
    }
}
