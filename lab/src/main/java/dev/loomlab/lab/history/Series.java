package dev.loomlab.lab.history;

import dev.loomlab.lab.stats.Interval;
import java.util.List;

/**
 * One figure of one cell (model × scenario) over a group's runs, oldest first, with where its level changed.
 *
 * @param model    the cell's model label
 * @param scenario the cell's scenario
 * @param figure   which figure
 * @param points   one per run that measured the cell (a run where it failed or was not run has none)
 * @param changes  the change points found in it, in order
 */
public record Series(String model, String scenario, Figure figure, List<Point> points, List<ChangePoint> changes) {

    public Series {
        points = List.copyOf(points);
        changes = List.copyOf(changes);
    }

    /**
     * One run's figure: the mean over the run's successful rounds, with their spread (Student's t over the rounds;
     * unknown with one round).
     *
     * @param run    the run
     * @param number the run's place in its group, from 1
     * @param value  the rounds' mean and its interval
     */
    public record Point(HistoryRun run, int number, Interval value) {
    }

    /**
     * A change of level.
     *
     * @param index      the index in {@link #points()} of the first run after the change
     * @param firstAfter that run
     * @param shift      the level's move from the stretch before to the stretch after (each up to the next change point)
     */
    public record ChangePoint(int index, Point firstAfter, Shift shift) {
    }

    public double[] values() {
        return points.stream().mapToDouble(p -> p.value().mean()).toArray();
    }

    /** "mvc-virtual × slow-query". */
    public String cell() {
        return model + " × " + scenario;
    }
}
