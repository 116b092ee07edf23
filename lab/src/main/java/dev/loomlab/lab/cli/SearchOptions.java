package dev.loomlab.lab.cli;

import dev.loomlab.lab.run.Saturation;
import dev.loomlab.lab.settings.Defaults;
import dev.loomlab.lab.settings.PlanException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** What saturate and decide take beside the plan's flags: the levels of VUs a search steps through, and where its folder goes. */
final class SearchOptions {
    /** More levels than this would be hours of cells; a finer search is a narrower --from..--to. */
    static final int MAX_STEPS = 50;

    @Option(names = "--from", paramLabel = "VUS", description = "first level of VUs; default " + Defaults.SEARCH_FROM_VUS)
    int from = Defaults.SEARCH_FROM_VUS;

    @Option(names = "--to", paramLabel = "VUS", description = "last level of VUs; default " + Defaults.SEARCH_TO_VUS)
    int to = Defaults.SEARCH_TO_VUS;

    @Option(names = "--steps", paramLabel = "N", description = "number of levels, evenly spaced; default " + Defaults.SEARCH_STEPS)
    int steps = Defaults.SEARCH_STEPS;

    @Option(names = "--out", paramLabel = "DIR", description = "where run folders go; default " + Defaults.RESULTS_DIR)
    Path out = Path.of(Defaults.RESULTS_DIR);

    /** The levels, lowest first; refused (exit 2) unless 1 <= from <= to and 1 <= steps <= {@link #MAX_STEPS}. */
    List<Integer> levels() {
        if (from < 1 || to < from || steps < 1 || steps > MAX_STEPS) {
            throw new PlanException("levels need 1 <= --from <= --to and 1 <= --steps <= " + MAX_STEPS + ", got from " + from
                    + ", to " + to + ", steps " + steps);
        }
        return Saturation.levels(from, to, steps);
    }
}
