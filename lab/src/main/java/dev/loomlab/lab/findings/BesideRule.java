package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.result.Beside;
import java.util.Optional;

/**
 * {@code beside}: the cell did not run alone. The lab runs nothing beside a window but the cell's own server, driver
 * and database; what the rest of the machine used in the window ({@link Beside#otherCores()}: its busy CPU less those
 * processes' and the lab's own) is somebody else's — a build, a test suite, another run — and takes CPU the cell's
 * figures would have had. Said for every cell where it reached {@link #NOTED_CORES}, so that a figure measured beside
 * other work is never read as one measured alone.
 */
final class BesideRule {
    /**
     * The rest of the machine's mean busy cores in a window from which a cell is said not to have run alone: a tenth of
     * a core, twice what a quiet machine's interrupts and kernel threads took (the quick plan twice on a fresh clone, 24
     * windows: 0.000–0.054 cores; docs/measurements.md, "What ran beside a window") and far below any build or test
     * suite (a cell of 50 users beside two suites under CPU quotas read 0.90, another 1.29).
     */
    static final double NOTED_CORES = 0.10;

    private BesideRule() {
    }

    static Optional<String> sentence(Evidence e) {
        Optional<Double> rest = e.cell.beside().otherCores();
        if (rest.isEmpty() || rest.get() < NOTED_CORES) {
            return Optional.empty();
        }
        double other = rest.get();
        // quoted under the figure's name of old: facts kept in cells of every schema read alike
        e.quote("otherCpuCoresMean", other);
        return Optional.of(f("processes other than this cell's server, load driver, database and the lab used %.2f cores of the"
                + " machine on average through the window (%.1f CPU-s): the cell did not run alone, and its figures may be lower"
                + " than alone", other, other * e.cell.durationS()));
    }
}
