package dev.loomlab.lab.cell;

import dev.loomlab.lab.result.StageTimes;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a run's cells cost beyond their measurement: each cell's wall time less its warm-up and
 * window, summed, and the median cell's. Cells without recorded stages (written before stages were
 * timed) are left out rather than counted as free.
 *
 * @param perCell each timed cell's overhead, ascending
 */
public record Overhead(List<Duration> perCell) {

    public Overhead {
        perCell = perCell.stream().sorted().toList();
    }

    public static Overhead of(List<StageTimes> cells) {
        return new Overhead(cells.stream().filter(StageTimes::recorded).map(StageTimes::overhead).toList());
    }

    public Duration total() {
        return perCell.stream().reduce(Duration.ZERO, Duration::plus);
    }

    /** The median cell's overhead; the mean of the two middle ones for an even count. */
    public Duration median() {
        int n = perCell.size();
        if (n == 0) {
            return Duration.ZERO;
        }
        return n % 2 == 1 ? perCell.get(n / 2) : perCell.get(n / 2 - 1).plus(perCell.get(n / 2)).dividedBy(2);
    }

    public boolean empty() {
        return perCell.isEmpty();
    }

    /** {@code overhead 112.4 s over 5 cells, median 22.1 s per cell (wall time beyond warm-up and window)}. */
    public String describe() {
        return String.format(Locale.ROOT, "overhead %.1f s over %d cell%s, median %.1f s per cell (wall time beyond warm-up and window)",
                seconds(total()), perCell.size(), perCell.size() == 1 ? "" : "s", seconds(median()));
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
