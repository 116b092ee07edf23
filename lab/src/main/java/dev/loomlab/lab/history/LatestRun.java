package dev.loomlab.lab.history;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a series' latest run starts a change, for {@code --fail-on-change}. E-divisive's permutation test cannot
 * place a change on the last run alone (a shuffled series puts that run at either end one time in n/2, so p never
 * falls below 2/n), so the latest run is judged by itself: against the current level (the runs since the last change
 * point), with that level's 95 % prediction interval for one new run ({@link Shift}). It starts a change when it lies
 * outside that interval, moved in the figure's wrong direction, by more than the margin — the margin is what keeps
 * the many figures' 5 % false alarms from failing a CI job on noise.
 *
 * @param series the series judged
 * @param shift  the latest run against the current level; empty with fewer than two runs at that level
 * @param margin the share a regression must pass, e.g. 0.05
 */
public record LatestRun(Series series, Optional<Shift> shift, double margin) {

    public static LatestRun of(Series series, double margin) {
        double[] values = series.values();
        int last = values.length - 1;
        int from = series.changes().isEmpty() ? 0 : series.changes().getLast().index();
        if (last - from < 2) {
            return new LatestRun(series, Optional.empty(), margin);
        }
        Shift shift = Shift.between(Arrays.copyOfRange(values, from, last), new double[] {values[last]});
        return new LatestRun(series, Optional.of(shift), margin);
    }

    /** Whether the latest run regressed beyond noise and beyond the margin. */
    public boolean regressed() {
        return shift.filter(s -> s.beyondNoise() && series.figure().isWorse(s.size())
                && Math.abs(s.relative()) > margin).isPresent();
    }

    /** What was found, in one line. */
    public String text() {
        Series.Point latest = series.points().getLast();
        String run = "run " + latest.number() + " (" + latest.run().version() + ")";
        if (shift.isEmpty()) {
            return run + ": fewer than 2 runs at the current level, not judged";
        }
        Shift s = shift.get();
        String verdict = regressed() ? "a regression beyond the " + percent(margin) + " margin"
                : s.beyondNoise() ? "a change, not a regression beyond the " + percent(margin) + " margin" : "within the level's noise";
        return String.format(Locale.ROOT, "%s: %s %+.1f %% against the level of the runs before (95 %% prediction interval %+.1f … %+.1f %%): %s",
                run, series.figure().title(), 100 * s.relative(), 100 * s.low() / Math.abs(s.before()),
                100 * s.high() / Math.abs(s.before()), verdict);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.3g %%", 100 * share);
    }
}
