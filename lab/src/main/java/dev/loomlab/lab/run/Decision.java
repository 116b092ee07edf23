package dev.loomlab.lab.run;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The capacity at an objective (issue 41): for each model, the highest level of its saturation search that met the
 * objective, with that level's figures; and the model whose capacity stands above the others' by more than the search
 * can resolve. Two capacities one level apart may differ by anything from one VU to two steps: the search cannot
 * tell them apart, so no model is named on them.
 *
 * @param scenario   what was searched: a scenario of the contract, or a service's request mix
 * @param levels     the search's levels of VUs, lowest first
 * @param capacities one per model, in the plan's order
 */
public record Decision(String scenario, Objective objective, List<Integer> levels, List<Capacity> capacities) {
    public Decision {
        levels = List.copyOf(levels);
        capacities = List.copyOf(capacities);
    }

    /** Why a model's search stopped, which says what its capacity is: the figure, a lower bound, or unknown. */
    public enum Stop {
        /** A level missed the objective: the capacity is the level below it. */
        MISSED,
        /** Every level met it: the capacity is at least the last level. */
        LAST_LEVEL,
        /** A cell failed before any level missed it: the capacity is at least the last level measured, if any. */
        FAILED
    }

    /**
     * One model's capacity.
     *
     * @param vus        the highest level that met the objective; null when none did
     * @param at         that level's figures; null with {@code vus}
     * @param stop       why the search stopped
     * @param stopReason the search's own words for it (the level and figure that missed, the cell's failure)
     */
    public record Capacity(String model, Integer vus, Saturation.Point at, Stop stop, String stopReason) {
    }

    /** The decision from a search's results over {@code levels} against {@code objective}. */
    public static Decision of(String scenario, Objective objective, List<Integer> levels, List<Saturation.ModelResult> results) {
        return new Decision(scenario, objective, levels, results.stream().map(r -> capacity(r, objective, levels.size())).toList());
    }

    private static Capacity capacity(Saturation.ModelResult r, Objective objective, int levelCount) {
        List<Saturation.Point> points = r.points();
        Saturation.Point at = points.stream().filter(p -> r.lastGoodVus() != null && p.vus() == r.lastGoodVus()).findFirst().orElse(null);
        boolean lastMissed = !points.isEmpty() && !objective.meets(points.getLast());
        Stop stop = lastMissed ? Stop.MISSED : points.size() == levelCount ? Stop.LAST_LEVEL : Stop.FAILED;
        return new Capacity(r.model(), r.lastGoodVus(), at, stop, r.stopReason());
    }

    /** The widest gap between neighbouring levels (rounding widens one by a VU at most): a capacity's resolution. */
    public int stepVus() {
        int step = 0;
        for (int i = 1; i < levels.size(); i++) {
            step = Math.max(step, levels.get(i) - levels.get(i - 1));
        }
        return step;
    }

    /**
     * The model whose capacity is more than one level above every other's, each of which is known (its search stopped
     * where a level missed the objective, not at a failed cell); empty when none is.
     */
    public Optional<Capacity> highest() {
        List<Capacity> top = top();
        return top.size() == 1 ? Optional.of(top.getFirst()) : Optional.empty();
    }

    /**
     * The models that share the highest capacity, when it is more than one level above every other model's and each of
     * those is known; empty when no model stands apart (or all stand together: nothing to compare).
     */
    public List<Capacity> top() {
        if (capacities.size() < 2) {
            return List.of();
        }
        int best = capacities.stream().mapToInt(this::rank).max().orElseThrow();
        List<Capacity> top = capacities.stream().filter(c -> rank(c) == best).toList();
        List<Capacity> rest = capacities.stream().filter(c -> rank(c) != best).toList();
        boolean apart = !rest.isEmpty() && rest.stream().allMatch(c -> best - rank(c) > 1);
        boolean othersKnown = rest.stream().noneMatch(c -> c.stop() == Stop.FAILED);
        return apart && othersKnown ? top : List.of();
    }

    /** A capacity's place among the levels: -1 below the first (none met the objective). */
    private int rank(Capacity c) {
        return c.vus() == null ? -1 : levels.indexOf(c.vus());
    }

    /** The line that names the model with the highest capacity, or says why none is named. */
    public String verdict() {
        if (capacities.size() < 2) {
            return "One model searched: nothing to compare.";
        }
        List<Capacity> tied = top();
        if (!tied.isEmpty()) {
            Capacity first = tied.getFirst();
            Capacity next = capacities.stream().filter(c -> !tied.contains(c)).max(Comparator.comparingInt(this::rank)).orElseThrow();
            String against = " VUs, against " + (next.vus() == null ? "none" : next.vus() + " VUs") + " for " + next.model() + ", the next";
            // several at the same level: the search's resolution does not separate them, so they are named together
            return tied.size() == 1 ? "Highest capacity at the objective: " + first.model() + ", " + first.vus() + against + "."
                    : "Highest capacity at the objective: any of " + String.join(", ", tied.stream().map(Capacity::model).toList()) + ", "
                            + (first.stop() == Stop.MISSED ? "" : "at least ") + first.vus() + " VUs each" + against.substring(" VUs".length())
                            + "; the search does not separate them.";
        }
        if (capacities.stream().allMatch(c -> c.vus() == null)) {
            return "No model met the objective at any level: none is named (lower --from to find where each does).";
        }
        Optional<Capacity> failed = capacities.stream().filter(c -> c.stop() == Stop.FAILED).findFirst();
        if (failed.isPresent()) {
            return "None is named: the search of " + failed.get().model() + " stopped at a failed cell, so its capacity is unknown.";
        }
        List<Capacity> ranked = capacities.stream().sorted(Comparator.comparingInt(this::rank).reversed()).toList();
        if (rank(ranked.getFirst()) == rank(ranked.get(1)) + 1) {
            // One level apart: the higher one met the objective where the other missed it, once each, and near the
            // objective one round of a level can fall either side of it. Said as what was seen, not as a winner.
            Capacity top = ranked.getFirst();
            return top.model() + " met the objective at " + top.vus() + " VUs, one level above " + ranked.get(1).model()
                    + " (" + (ranked.get(1).vus() == null ? "none" : ranked.get(1).vus() + " VUs")
                    + "): one round a level can fall either side of the objective near it, so none is named; levels between them would say.";
        }
        return levels.size() < 2 ? "No difference at this resolution: one level was measured."
                : "No difference at this resolution: the levels are " + stepVus() + " VUs apart.";
    }

    /** One sentence on {@code c}: its capacity, what it served there, and why the search stopped. */
    public String sentence(Capacity c) {
        if (c.vus() == null) {
            return c.stop() == Stop.FAILED
                    ? c.model() + ": " + c.stopReason() + ", so no capacity was measured."
                    : c.model() + " met the objective at no level (" + c.stopReason() + "): its capacity is below "
                            + levels.getFirst() + " VUs, the first level.";
        }
        String there = figures(c.at());
        return switch (c.stop()) {
            case MISSED -> c.model() + " meets the objective up to " + c.vus() + " VUs (" + there + "); the next level missed it: "
                    + c.stopReason() + ".";
            case LAST_LEVEL -> c.model() + " meets the objective at every level, up to " + c.vus() + " VUs, the last (" + there
                    + "): its capacity is at least that (raise --to to find it).";
            case FAILED -> c.model() + " meets the objective up to " + c.vus() + " VUs (" + there + "), then " + c.stopReason()
                    + ": its capacity is at least that.";
        };
    }

    private static String figures(Saturation.Point p) {
        Double cpu = p.footprint().cpuMsPerRequest();
        return String.format(Locale.ROOT, "%.1f TPS at p99 %.0f ms, ", p.tps(), p.p99Ms())
                + (cpu == null ? "CPU per request not recorded" : String.format(Locale.ROOT, "%.2f ms of CPU per request", cpu));
    }
}
