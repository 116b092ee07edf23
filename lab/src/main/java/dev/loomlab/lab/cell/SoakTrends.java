package dev.loomlab.lab.cell;

import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.lab.stats.Trend;
import java.util.ArrayList;
import java.util.List;

/**
 * A soak cell's trends ({@code shape: soak}): the least-squares slopes of the server's resident set, its heap's floor and
 * its p99 over the window's second half, from the cell's one-second series and its latency log.
 *
 * <p>The second half, because the question is whether memory keeps rising under a steady load, not whether it rose once: a
 * JVM still settles after its warm-up — its JIT compiling, its young generation growing into pages it never touched, its
 * allocator's arenas filling — and levels off; a leak does not. On a fixture service that keeps nothing, its RSS rose
 * 9.5 MB over a 40 s window, 5.6 of them in one step 4–7 s into it and 0.6 in its last 20 s; fitted over the whole window,
 * such a creep reads as several per cent a minute.
 */
public final class SoakTrends {
    private SoakTrends() {
    }

    /**
     * The three slopes over the window's second half, each absent when its series was not measured or is too short.
     *
     * @param rows         the window's one-second samples
     * @param p99PerSecond each second's p99 (ms) from the latency log, in order
     */
    static ShapeFigures.Soak of(List<SeriesRow> rows, List<Double> p99PerSecond) {
        List<SeriesRow> later = fitted(rows);
        double[] t = later.stream().mapToDouble(SeriesRow::tS).toArray();
        double[] rss = later.stream().mapToDouble(SeriesRow::serverRssMb).toArray();
        int from = p99PerSecond.size() / 2;
        double[] seconds = new double[p99PerSecond.size() - from];
        double[] p99 = new double[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            seconds[i] = from + i + 1;
            p99[i] = p99PerSecond.get(from + i);
        }
        // the floor where the heap fell at the half's first sample counts: its sample before is the first half's last
        List<double[]> floors = heapFloors(rows.subList(Math.max(0, rows.size() / 2 - 1), rows.size()));
        return new ShapeFigures.Soak(
                Trend.fit(t, rss).map(ShapeFigures.Slope::of).orElse(null),
                Trend.fit(floors.get(0), floors.get(1)).map(ShapeFigures.Slope::of).orElse(null),
                Trend.fit(seconds, p99).map(ShapeFigures.Slope::of).orElse(null));
    }

    /** The samples the resident set's slope is fitted over: the window's second half (a report draws its line over them). */
    public static List<SeriesRow> fitted(List<SeriesRow> rows) {
        return rows.subList(rows.size() / 2, rows.size());
    }

    /**
     * The heap in use at each sample where it fell since the one before — a collection ran between the two — as
     * {times, values}. A heap in use rises with every allocation and falls at each collection; what a leak moves is the
     * level it falls back to, which these points follow. The sampler reads the heap in use, not the collector's own
     * after-GC figure, so a floor also holds what was allocated between the collection and the sample.
     */
    static List<double[]> heapFloors(List<SeriesRow> rows) {
        List<Double> t = new ArrayList<>();
        List<Double> heap = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            double before = rows.get(i - 1).heapUsedMb();
            double now = rows.get(i).heapUsedMb();
            if (Double.isFinite(before) && Double.isFinite(now) && now < before) {
                t.add(rows.get(i).tS());
                heap.add(now);
            }
        }
        return List.of(t.stream().mapToDouble(Double::doubleValue).toArray(), heap.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
