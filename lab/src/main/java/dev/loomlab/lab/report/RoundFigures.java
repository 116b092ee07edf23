package dev.loomlab.lab.report;

import static dev.loomlab.lab.report.ReportText.one;

import dev.loomlab.lab.load.HlogMerge;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.PerSecondSeries;
import dev.loomlab.lab.stats.BatchMeans;
import dev.loomlab.lab.stats.Interval;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.HdrHistogram.Histogram;

/**
 * One cell's rounds taken together: TPS as the mean and its 95 % confidence interval, and the latency percentiles of
 * all rounds' requests. Two rounds or more: Student's t over the rounds, as JMH reports a score. One round: the
 * interval of its own seconds (batch means), so a single round has one too. Percentiles come from the rounds'
 * latency logs added into one histogram — a percentile of requests, never an average of the rounds' percentiles;
 * without the logs (a folder copied without them) they are unknown rather than averaged.
 *
 * @param ok     successful rounds
 * @param failed failed rounds
 * @param tps    the mean TPS and its interval (half-width NaN when there is none)
 * @param basis  what the interval rests on: {@code rounds}, {@code seconds} (one round's batch means) or {@code none}
 * @param p50Ms  the median of every round's requests; NaN when unknown
 * @param p99Ms  the 99th percentile of every round's requests; NaN when unknown
 */
record RoundFigures(int ok, int failed, Interval tps, String basis, double p50Ms, double p99Ms) {

    static RoundFigures of(Path root, List<CellResult> rounds) {
        List<CellResult> ok = rounds.stream().filter(ReportText::succeeded).toList();
        int failed = rounds.size() - ok.size();
        if (ok.isEmpty()) {
            return new RoundFigures(0, failed, new Interval(Double.NaN, Double.NaN, 0), "none", Double.NaN, Double.NaN);
        }
        if (ok.size() == 1) {
            CellResult only = ok.getFirst();
            Interval within = withinRound(root, only);
            return new RoundFigures(1, failed, within, within.known() ? "seconds" : "none", only.p50Ms(), only.p99Ms());
        }
        Interval tps = Interval.of(ok.stream().mapToDouble(CellResult::tps).toArray());
        Optional<Histogram> merged = merged(root, ok);
        return new RoundFigures(ok.size(), failed, tps, "rounds",
                merged.map(h -> h.getValueAtPercentile(50) / 1e6).orElse(Double.NaN),
                merged.map(h -> h.getValueAtPercentile(99) / 1e6).orElse(Double.NaN));
    }

    /** One round's interval of its TPS: stored in the cell, else from the driver's per-second counts in the folder. */
    static Interval withinRound(Path root, CellResult cell) {
        if (cell.tpsHalfWidth() != null) {
            return new Interval(cell.tps(), cell.tpsHalfWidth(), BatchMeans.BATCHES);
        }
        return PerSecondSeries.of(root, cell).map(BatchMeans::interval).map(i -> i.scaledTo(cell.tps()))
                .orElse(new Interval(cell.tps(), Double.NaN, 1));
    }

    /** Every round's latency log added together; empty when a log is missing (then no percentile is made up). */
    static Optional<Histogram> merged(Path root, List<CellResult> ok) {
        if (root == null || ok.stream().anyMatch(c -> c.files().hlog() == null || !Files.isRegularFile(root.resolve(c.files().hlog())))) {
            return Optional.empty();
        }
        return Optional.of(HlogMerge.merge(ok.stream().map(c -> root.resolve(c.files().hlog())).toList()));
    }

    /**
     * {@code 497.3 ± 1.2 TPS (95 %, 3 rounds; within ± 1 %)}, {@code 498.9 ± 0.6 TPS (95 %, within its one window, no
     * run-to-run spread)} or just the TPS.
     */
    String tpsText() {
        if (ok == 0) {
            return "no successful round" + (failed > 0 ? " (" + failed + " failed)" : "");
        }
        String failures = failed == 0 ? "" : ", " + failed + " failed";
        if (!tps.known()) {
            return one(tps.mean()) + " TPS (" + (ok == 1 ? "1 round, no per-second series" : ok + " rounds") + failures + ")";
        }
        String on = "rounds".equals(basis) ? ok + " rounds" + toOnePercent() : "within its one window, no run-to-run spread";
        return one(tps.mean()) + " ± " + halfWidthText() + " TPS (95 %, " + on + failures + ")";
    }

    /** Beyond this many rounds the summary says "more than": no lab runs them for one cell. */
    static final int MOST_ROUNDS = 50;

    /** What ± 1 % would take at the rounds' spread: {@code ; ± 1 % needs about 7 rounds}, or that these rounds give it. */
    private String toOnePercent() {
        OptionalInt needed = tps.samplesFor(0.01, MOST_ROUNDS);
        if (needed.isEmpty()) {
            return "";
        }
        int n = needed.getAsInt();
        return n <= ok ? "; within ± 1 %" : n > MOST_ROUNDS ? "; ± 1 % needs more than " + MOST_ROUNDS + " rounds"
                : "; ± 1 % needs about " + n + " rounds";
    }

    /** The TPS interval's half-width, as {@link #halfWidthText(double)} writes it. */
    String halfWidthText() {
        return halfWidthText(tps.halfWidth());
    }

    /** A half-width with a decimal while it is small (± 0.4, not ± 0), none from 10 on; a dash when there is none. */
    static String halfWidthText(double halfWidth) {
        return Double.isNaN(halfWidth) ? ReportText.NONE : String.format(Locale.ROOT, halfWidth < 10 ? "%.1f" : "%.0f", halfWidth);
    }
}
