package dev.loomlab.lab.history;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.stats.Interval;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A group's series: for each cell any of its runs measured and each {@link Figure} some round recorded, the runs'
 * figures in time order and their change points by {@link EDivisive}.
 *
 * @param group  the runs
 * @param series their series, cell by cell, figure by figure
 */
public record History(RunGroups.Group group, List<Series> series) {
    public History {
        series = List.copyOf(series);
    }

    /** A cell's identity across runs. */
    record CellKey(String model, String scenario) {
    }

    public static History of(RunGroups.Group group, EDivisive method) {
        Set<CellKey> cells = new LinkedHashSet<>();
        group.runs().forEach(r -> r.cells().forEach(c -> cells.add(new CellKey(c.label(), c.scenario()))));
        List<Series> out = new ArrayList<>();
        for (CellKey cell : cells) {
            for (Figure figure : Figure.values()) {
                List<Series.Point> points = points(group.runs(), cell, figure);
                if (!points.isEmpty()) {
                    out.add(series(cell, figure, points, method));
                }
            }
        }
        return new History(group, out);
    }

    static Series series(CellKey cell, Figure figure, List<Series.Point> points, EDivisive method) {
        double[] values = points.stream().mapToDouble(p -> p.value().mean()).toArray();
        List<Integer> cuts = method.changePoints(values);
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
