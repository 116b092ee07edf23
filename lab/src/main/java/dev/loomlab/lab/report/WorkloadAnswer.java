package dev.loomlab.lab.report;

import dev.loomlab.lab.result.CapacityFile;
import dev.loomlab.lab.stats.Difference.Call;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The answer for one workload: which model to pick, or that none can be picked and why, with each claim beside the
 * part of the report whose figures carry it. A pick rests only on settled cells, and only on a throughput gap that
 * {@link ThroughputGap} decides; equivalent models are picked together ("any of"), and an undecided comparison picks
 * none. The claims after the verdict say why, without deciding anything on their own.
 *
 * @param scenario the workload
 * @param verdict  what was decided
 * @param picked   the models to pick (empty unless {@link Verdict#PICK})
 * @param claims   the verdict's sentence first, then its evidence
 */
record WorkloadAnswer(String scenario, Verdict verdict, List<String> picked, List<Claim> claims) {

    /** What the figures allow. */
    enum Verdict {
        PICK("pick"), NO_DIFFERENCE("no difference"), UNDECIDED("no pick");

        final String spelling;

        Verdict(String spelling) {
            this.spelling = spelling;
        }
    }

    /**
     * One sentence and where its figures are.
     *
     * @param text  the sentence
     * @param where the part of the report that holds its figures
     */
    record Claim(String text, Where where) {
    }

    /** The parts of a report a claim points at. */
    enum Where {
        /** The workload's own table and findings. */
        TABLE,
        /** The cost of each model. */
        COST,
        /** A {@code ./loomlab decide} of the workload kept in the run's folder. */
        DECIDE,
        /** A shaped load's seconds: the line under the workload's table, the page's charts of the shapes. */
        SHAPES,
        /** Nothing measured: what the run did not do. */
        NOTHING
    }

    WorkloadAnswer {
        picked = List.copyOf(picked);
        claims = List.copyOf(claims);
    }

    /** The answer from each model's rounds of {@code scenario}, in the run's model order, and a decide of it if one was kept. */
    static WorkloadAnswer of(String scenario, List<ModelFigures> models, Optional<CapacityFile> decide) {
        List<ModelFigures> settled = models.stream().filter(ModelFigures::settled).toList();
        List<Claim> claims = new ArrayList<>();
        List<String> unsettled = models.stream().filter(m -> !m.settled()).map(ModelFigures::model).toList();
        if (ShapeClaims.stepped(models)) {
            claims.add(new Claim("No pick on throughput: the load changed inside the window (" + ShapeClaims.shapes(models)
                    + "), so a model's mean throughput there is no capacity; what each did under it follows.", Where.TABLE));
            AnswerClaims.evidence(claims, models, decide);
            return new WorkloadAnswer(scenario, Verdict.UNDECIDED, List.of(), claims);
        }
        if (settled.size() < 2) {
            claims.add(new Claim(String.format(Locale.ROOT, "No pick: %s; a model is compared only on cells measured in steady state%s.",
                    settled.isEmpty() ? "no model's cells were settled" : "only " + settled.getFirst().model() + "'s cells were settled",
                    unsettled.isEmpty() ? "" : " (not settled or not judged: " + String.join(", ", unsettled) + ")"), Where.TABLE));
            AnswerClaims.evidence(claims, models, decide);
            return new WorkloadAnswer(scenario, Verdict.UNDECIDED, List.of(), claims);
        }
        ModelFigures leader = settled.stream().max(Comparator.comparingDouble(ModelFigures::meanTps)).orElseThrow();
        Map<ModelFigures, ThroughputGap> gaps = new LinkedHashMap<>();
        settled.stream().filter(m -> m != leader).forEach(m -> gaps.put(m, ThroughputGap.between(leader, m)));
        Decision decision = decide(leader, gaps, claims);
        if (!unsettled.isEmpty()) {
            claims.add(new Claim("Not compared, not settled or not judged: " + String.join(", ", unsettled) + ".", Where.TABLE));
        }
        AnswerClaims.evidence(claims, settled, decide);
        return new WorkloadAnswer(scenario, decision.verdict(), decision.picked(), claims);
    }

    private record Decision(Verdict verdict, List<String> picked) {
    }

    /**
     * The verdict over the leader's gaps to the others, its sentence added first to {@code claims}. The top group is the
     * leader and every model not shown different from it; it is picked when each model outside it is shown behind each
     * model in it. Within the group nothing is picked: its members are equivalent, or the rounds could not separate them.
     */
    private static Decision decide(ModelFigures leader, Map<ModelFigures, ThroughputGap> gaps, List<Claim> claims) {
        List<ModelFigures> top = new ArrayList<>(List.of(leader));
        List<ModelFigures> rest = new ArrayList<>();
        // Models that sit with the leader for the same reason are named together: four models held by one pool are one clause.
        Map<String, List<String>> byWhy = new LinkedHashMap<>();
        gaps.forEach((m, gap) -> {
            if (gap.call() == Call.DIFFERENT) {
                rest.add(m);
            } else {
                top.add(m);
                byWhy.computeIfAbsent(gap.why(), why -> new ArrayList<>()).add(m.model());
            }
        });
        List<String> within = new ArrayList<>();
        byWhy.forEach((why, models) -> within.add(String.join(", ", models) + " against " + leader.model() + ": " + why));
        List<String> topNames = top.stream().map(ModelFigures::model).toList();
        boolean allEquivalent = gaps.values().stream().allMatch(g -> g.call() == Call.EQUIVALENT);
        if (rest.isEmpty()) {
            Verdict verdict = allEquivalent ? Verdict.NO_DIFFERENCE : Verdict.UNDECIDED;
            claims.add(new Claim((allEquivalent ? "No difference within noise: " + String.join(", ", topNames) + " serve this workload alike ("
                    : String.format(Locale.ROOT, "No pick: %s has the most throughput (%.1f TPS), but this run does not separate it (",
                            leader.model(), leader.meanTps())) + String.join("; ", within) + ").", Where.TABLE));
            return new Decision(verdict, List.of());
        }
        List<String> behind = new ArrayList<>();
        for (ModelFigures r : rest) {
            for (ModelFigures t : top) {
                ThroughputGap gap = t == leader ? gaps.get(r) : ThroughputGap.between(t, r);
                if (gap.call() != Call.DIFFERENT || t.meanTps() <= r.meanTps()) {
                    claims.add(new Claim(String.format(Locale.ROOT, "No pick: %s has the most throughput (%.1f TPS), but %s and %s are not separated (%s).",
                            leader.model(), leader.meanTps(), t.model(), r.model(), gap.why()), Where.TABLE));
                    return new Decision(Verdict.UNDECIDED, List.of());
                }
            }
            behind.add(r.model() + " (against " + leader.model() + ": " + gaps.get(r).why() + ")");
        }
        claims.add(new Claim(String.format(Locale.ROOT, "Pick %s (%s%.1f TPS): %sahead of %s%s.",
                top.size() == 1 ? leader.model() : "any of " + String.join(", ", topNames), top.size() == 1 ? "" : "up to ",
                leader.meanTps(), top.size() == 1 ? "" : "each ", String.join("; ", behind),
                top.size() == 1 ? "" : "; between them nothing is picked (" + String.join("; ", within) + ")"), Where.TABLE));
        return new Decision(Verdict.PICK, topNames);
    }
}
