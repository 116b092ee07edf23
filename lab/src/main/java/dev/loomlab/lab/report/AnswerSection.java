package dev.loomlab.lab.report;

import dev.loomlab.lab.report.WorkloadAnswer.Claim;
import dev.loomlab.lab.result.CapacityFile;
import dev.loomlab.lab.result.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The answer at the top of a run's report (issue 41): one paragraph per workload that more than one model served,
 * naming the model to pick and why ({@link WorkloadAnswer}), each claim pointing at the figures behind it. The same
 * answers go to {@code summary.md} (linked to its sections) and to {@code report.html}'s data.
 */
final class AnswerSection {
    static final String COST_ANCHOR = "#cost-of-each-model";

    private static final String INTRO = """
            Which model to pick for each workload of this run, and why. A model is picked only on cells measured in \
            steady state and on a throughput gap that two rounds a side or more decide (Welch, equivalent within \
            ± 2 %), or that one round decides by the cells' own ceilings; otherwise the answer says so. The rest \
            of each paragraph is the evidence, linked to its table; it picks nothing by itself.

            """;

    private AnswerSection() {
    }

    /** Each workload's answer, in the run's order; workloads served by one model only have nothing to choose between. */
    static List<WorkloadAnswer> answers(CellFindings said, RunFacts run, List<CellResult> cells) {
        return answers(said, run, cells, CapacityFile.inside(said.root()));
    }

    /** The same with the run folder's decides, read once by the caller that also links them. */
    private static List<WorkloadAnswer> answers(CellFindings said, RunFacts run, List<CellResult> cells, List<CapacityFile> decides) {
        List<WorkloadAnswer> answers = new ArrayList<>();
        for (String scenario : run.scenarios()) {
            List<ModelFigures> models = new ArrayList<>();
            for (String model : run.models()) {
                List<CellResult> rounds = cells.stream()
                        .filter(c -> scenario.equals(c.scenario()) && model.equals(c.label()) && ReportText.succeeded(c)).toList();
                if (!rounds.isEmpty()) {
                    models.add(new ModelFigures(model, rounds, rounds.stream().flatMap(c -> said.rules(c).stream()).distinct().toList()));
                }
            }
            if (models.size() >= 2) {
                answers.add(WorkloadAnswer.of(scenario, models, CapacityFile.of(scenario, decides)));
            }
        }
        return answers;
    }

    static void append(StringBuilder md, CellFindings said, RunFacts run, List<CellResult> cells) {
        List<CapacityFile> decides = CapacityFile.inside(said.root());
        List<WorkloadAnswer> answers = answers(said, run, cells, decides);
        if (answers.isEmpty()) {
            return;
        }
        md.append("## Answer\n\n").append(INTRO);
        for (WorkloadAnswer answer : answers) {
            md.append("**").append(answer.scenario()).append("** — ");
            String decide = decideMarkdown(answer.scenario(), decides);
            md.append(String.join(" ", answer.claims().stream().map(c -> linked(c, answer.scenario(), decide)).toList())).append("\n\n");
        }
    }

    /** The page's data: per workload its verdict, the models picked, and the claims with the section each points at. */
    static List<Map<String, Object>> rows(CellFindings said, RunFacts run, List<CellResult> cells) {
        List<CapacityFile> decides = CapacityFile.inside(said.root());
        return answers(said, run, cells, decides).stream().map(a -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("scenario", a.scenario());
            row.put("verdict", a.verdict().spelling);
            row.put("picked", a.picked());
            row.put("claims", a.claims().stream().map(AnswerSection::claim).toList());
            // only an answer that has one carries the key: the golden pages of runs without a decide stay as they were
            if (CapacityFile.of(a.scenario(), decides).isPresent()) {
                row.put("decide", decideMarkdown(a.scenario(), decides));
            }
            return row;
        }).toList();
    }

    /** Text first, then where it points, in that order every time: the page's data is pinned by a golden file. */
    private static Map<String, Object> claim(Claim claim) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("text", claim.text());
        c.put("where", claim.where().name().toLowerCase(Locale.ROOT));
        return c;
    }

    /** The decide.md of {@code scenario}'s newest decide in the run folder, relative to it; empty when none. */
    private static String decideMarkdown(String scenario, List<CapacityFile> decides) {
        return CapacityFile.of(scenario, decides).map(d -> d.folder() + "/decide.md").orElse("");
    }

    private static String linked(Claim claim, String scenario, String decide) {
        return switch (claim.where()) {
            // in summary.md a shape's figures are the line under the workload's table
            case TABLE, SHAPES -> claim.text() + " ([" + scenario + "](#" + scenario + "))";
            case COST -> claim.text() + " ([cost](" + COST_ANCHOR + "))";
            case DECIDE -> claim.text() + " ([decide](" + decide + "))";
            case NOTHING -> claim.text();
        };
    }
}
