package dev.loomlab.lab.history;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.stats.Interval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.statistics.descriptive.Median;

/**
 * A group's series: for each cell any of its runs measured and each {@link Figure} some round recorded, the runs'
 * figures in time order, and the cell's change points.
 * <p>
 * A cell's change points are found on its figures together (each run one vector, {@link EDivisive} being
 * multivariate), not figure by figure: a run of 12 cells has 72 series, and at 5 % each a flat history would show
 * three or four false change points. Each cell is one test at 5 % / cells (Bonferroni), so that a history in which
 * nothing changed shows a change point in any cell at most 5 % of the time; each figure then says how far it moved at
 * the cell's change points, with its own interval.
 *
 * @param group  the runs
 * @param method how each cell was tested (its level)
 * @param series their series, cell by cell, figure by figure
 */
public record History(RunGroups.Group group, EDivisive method, List<Series> series) {
    public History {
        series = List.copyOf(series);
    }

    /** A cell's identity across runs. */
    record CellKey(String model, String scenario) {
    }

    public static History of(RunGroups.Group group) {
        Set<CellKey> cells = new LinkedHashSet<>();
        group.runs().forEach(r -> r.cells().forEach(c -> cells.add(new CellKey(c.label(), c.scenario()))));
        EDivisive method = EDivisive.forFamily(Math.max(1, cells.size()));
        List<Series> out = new ArrayList<>();
        for (CellKey cell : cells) {
            List<List<Series.Point>> figures = new ArrayList<>();
            List<Figure> named = new ArrayList<>();
            for (Figure figure : Figure.values()) {
                List<Series.Point> points = points(group.runs(), cell, figure);
                if (!points.isEmpty()) {
                    figures.add(points);
                    named.add(figure);
                }
            }
            List<Integer> after = changedAt(figures, method);
            for (int f = 0; f < figures.size(); f++) {
                out.add(series(cell, named.get(f), figures.get(f), after));
            }
        }
        return new History(group, method, out);
    }

    /** The runs the fewest a cell's series has: below the method's reach when {@link EDivisive#smallestP} > its level. */
    public int shortestSeries() {
        return series.stream().mapToInt(s -> s.points().size()).min().orElse(0);
    }

    /**
     * The numbers of the first runs after the cell's change points, found on the figures every one of the cell's runs
     * recorded, each scaled by its median so that a figure weighs by how far it moves relative to its own level.
     */
    static List<Integer> changedAt(List<List<Series.Point>> figures, EDivisive method) {
        TreeSet<Integer> runs = new TreeSet<>();
        figures.forEach(f -> f.forEach(p -> runs.add(p.number())));
        List<double[]> columns = new ArrayList<>();
        for (List<Series.Point> f : figures) {
            if (f.size() == runs.size()) {
                double[] v = f.stream().mapToDouble(p -> p.value().mean()).toArray();
                double scale = Math.abs(median(v));
                if (scale > 0) {
                    columns.add(Arrays.stream(v).map(x -> x / scale).toArray());
                }
            }
        }
        if (columns.isEmpty()) {
            return List.of();
        }
        double[][] vectors = new double[runs.size()][columns.size()];
        for (int r = 0; r < runs.size(); r++) {
            for (int c = 0; c < columns.size(); c++) {
                vectors[r][c] = columns.get(c)[r];
            }
        }
        List<Integer> numbers = List.copyOf(runs);
        return method.changePoints(vectors).stream().map(numbers::get).toList();
    }

    /** One figure's series with the cell's change points (by run number) and its own move at each. */
    static Series series(CellKey cell, Figure figure, List<Series.Point> points, List<Integer> changedAtRuns) {
        double[] values = points.stream().mapToDouble(p -> p.value().mean()).toArray();
        List<Integer> cuts = changedAtRuns.stream().map(number -> firstAtOrAfter(points, number))
                .filter(i -> i > 0 && i < points.size()).distinct().toList();
        List<Series.ChangePoint> changes = new ArrayList<>();
        for (int i = 0; i < cuts.size(); i++) {
            int from = i == 0 ? 0 : cuts.get(i - 1);
            int at = cuts.get(i);
            int to = i + 1 < cuts.size() ? cuts.get(i + 1) : values.length;
            Shift shift = Shift.between(Arrays.copyOfRange(values, from, at), Arrays.copyOfRange(values, at, to));
            changes.add(new Series.ChangePoint(at, points.get(at), shift));
        }
        return new Series(cell.model(), cell.scenario(), figure, points, changes);
    }

    /** One figure's own change points, as for a cell of that figure alone. */
    static Series series(CellKey cell, Figure figure, List<Series.Point> points, EDivisive method) {
        return series(cell, figure, points, changedAt(List.of(points), method));
    }

    private static int firstAtOrAfter(List<Series.Point> points, int number) {
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).number() >= number) {
                return i;
            }
        }
        return points.size();
    }

    private static double median(double[] v) {
        // its caller goes on with v in run order, and Median partitions its input in place unless told to copy
        return Median.withDefaults().withCopy(true).evaluate(v);
    }

    /** The runs' figures for one cell: a run whose rounds of it all failed, or none recorded the figure, has no point. */
    private static List<Series.Point> points(List<HistoryRun> runs, CellKey cell, Figure figure) {
        List<Series.Point> points = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            double[] rounds = runs.get(i).cells().stream()
                    .filter(c -> cell.model().equals(c.label()) && cell.scenario().equals(c.scenario()))
                    .filter(CellResult::succeeded).mapToDouble(figure::of).filter(v -> !Double.isNaN(v)).toArray();
            if (rounds.length > 0) {
                points.add(new Series.Point(runs.get(i), i + 1, Interval.of(rounds)));
            }
        }
        return points;
    }
}
