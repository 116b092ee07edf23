package dev.loomlab.lab.report;

import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.stats.Difference;
import dev.loomlab.lab.stats.Difference.Call;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether the model with the most throughput truly has more than another, called as {@code compare} calls two runs
 * ({@link Difference}: different, equivalent within ± 2 %, or inconclusive). With two rounds a side or more the rounds
 * decide. With one round the run-to-run spread is unknown, and only the cells' own arithmetic can decide: a model held
 * at its thread, pool or carrier ceiling cannot pass it however the JVM's luck falls, so a leader whose whole interval
 * lies beyond that ceiling is ahead of it. Anything else on one round is inconclusive. Before either: two models held in
 * every round at the same ceiling by the same limit (the pool's 150 connections, or the load's own VUs) are equivalent
 * by arithmetic — that limit, not the model, set both figures.
 *
 * @param call what the figures say
 * @param why  the evidence, in one clause
 */
record ThroughputGap(Call call, String why) {
    /** Ceilings a model sets itself (its threads, its pool, its carriers), as opposed to the load's own. */
    private static final Set<String> OWN_CEILINGS = Set.of("threads", "pool", "carriers");
    private static final Set<String> LOAD_CEILINGS = Set.of("vus", "rate");
    private static final Set<String> ANY_CEILING = Set.of("threads", "pool", "carriers", "vus", "rate");

    static ThroughputGap between(ModelFigures leader, ModelFigures other) {
        Double shared = sameCeiling(other.cells(), ANY_CEILING);
        if (shared != null && shared.equals(sameCeiling(leader.cells(), ANY_CEILING)) && leader.limitedBy().equals(other.limitedBy())) {
            return new ThroughputGap(Call.EQUIVALENT, String.format(Locale.ROOT, "held at the same ceiling of %.1f TPS (limited by %s) as the leader: %s",
                    shared, other.limitedBy(), LOAD_CEILINGS.contains(other.limitedBy())
                            ? "this load does not separate them (raise the load to find each server's own limit)"
                            : "it, not the threading model, sets the capacity here"));
        }
        if (leader.rounds() >= 2 && other.rounds() >= 2) {
            Difference d = Difference.of(other.tps(), leader.tps(), Comparison.Margins.DEFAULT.tps(), 0);
            return new ThroughputGap(d.call(), d.why());
        }
        Double capped = sameCeiling(other.cells(), OWN_CEILINGS);
        if (capped != null && leader.cells().stream().allMatch(c -> c.tps() - halfWidth(c) > capped * (1 + Comparison.Margins.DEFAULT.tps()))) {
            return new ThroughputGap(Call.DIFFERENT, String.format(Locale.ROOT,
                    "%s sits at its own ceiling of %.1f TPS (limited by %s), which %s passes by more than its interval",
                    other.model(), capped, other.limitedBy(), leader.model()));
        }
        return new ThroughputGap(Call.INCONCLUSIVE, "one round a model holds none of the run-to-run spread: needs 2 rounds a side (--rounds 3)");
    }

    /** The ceiling every one of these cells sits at, limited by one of {@code limits}; null when they do not all. */
    private static Double sameCeiling(List<CellResult> cells, Set<String> limits) {
        Double ceiling = cells.isEmpty() ? null : cells.getFirst().ceilingTps();
        for (CellResult c : cells) {
            boolean at = c.ceilingRatio() != null && c.ceilingRatio() >= 1 - Verdict.AT_CEILING_GAP;
            if (ceiling == null || !ceiling.equals(c.ceilingTps()) || !at || !limits.contains(c.limitedBy())) {
                return null;
            }
        }
        return ceiling;
    }

    private static double halfWidth(CellResult c) {
        return c.tpsHalfWidth() == null ? 0 : c.tpsHalfWidth();
    }
}
