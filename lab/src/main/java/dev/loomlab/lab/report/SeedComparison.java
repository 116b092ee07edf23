package dev.loomlab.lab.report;

import dev.loomlab.lab.catalog.RequestThreadsSetting;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanParts;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.load.Workload;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The combined summary of a plan with parts: each part's folder, and every seed claim beside
 * the same ratio measured here (the mean over rounds of each model's cells).
 */
public final class SeedComparison {
    private SeedComparison() {
    }

    public static String render(String planName, String description, List<PlanParts.Part> parts,
                                Map<String, List<CellResult>> cellsByPart) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(planName).append(" — the seed's claims beside this run\n\n");
        if (!description.isBlank()) {
            md.append(description).append("\n\n");
        }
        md.append("| part | claim | seed | this run | measured |\n|---|---|---|---|---|\n");
        for (PlanParts.Part part : parts) {
            List<CellResult> cells = cellsByPart.getOrDefault(part.name(), List.of());
            for (PlanParts.SeedClaim claim : part.seed()) {
                Optional<Double> of = mean(cells, claim.of(), claim.scenario(), claim.metric());
                Optional<Double> over = mean(cells, claim.over(), claim.scenario(), claim.metric());
                String ratio = of.isPresent() && over.isPresent() && over.get() > 0
                        ? String.format(Locale.ROOT, "%.0f %%", 100 * of.get() / over.get()) : "n/a (a cell failed or is missing)";
                String measured = of.isPresent() && over.isPresent()
                        ? claim.of() + " " + format(of.get(), claim.metric()) + " vs " + claim.over() + " " + format(over.get(), claim.metric())
                        : "—";
                md.append("| ").append(part.name()).append(" | ").append(claim.claim()).append(" | ").append(claim.seed())
                        .append(" | ").append(ratio).append(" | ").append(measured).append(" |\n");
            }
        }
        md.append("\nRatios are ").append("`of / over`").append(" of the metric named in the plan (TPS, or a burst's wall time). ");
        md.append("Each part's own table, ceilings and findings: its folder's summary.md.\n\n");
        for (PlanParts.Part part : parts) {
            md.append("- [").append(part.name()).append("](").append(part.name()).append("/summary.md): ")
                    .append(part.plan().models().stream().map(Object::toString).collect(Collectors.joining(", ")))
                    .append(" on ").append(part.plan().scenarios().stream().map(Object::toString).collect(Collectors.joining(", ")))
                    .append(part.plan().workload() instanceof Workload.Burst b ? ", a burst of " + b.requests() : ", " + part.plan().workload().describe())
                    .append(", sleep ").append(part.plan().sleepMs()).append(" ms")
                    .append(threads(part.plan())).append('\n');
        }
        // The pitfalls side by side across the parts (the pitfalls plan keeps its database, VU level
        // and driver axis per part): each section appears only when some part measured its cells.
        StringBuilder pitfalls = new StringBuilder();
        PitfallSections.append(pitfalls, cellsByPart.values().stream().flatMap(List::stream).toList());
        if (!pitfalls.isEmpty()) {
            md.append('\n').append(pitfalls);
        }
        return md.toString();
    }

    static Optional<Double> mean(List<CellResult> cells, String model, String scenario, String metric) {
        List<Double> values = cells.stream()
                .filter(c -> c.succeeded() && c.label().equals(model) && c.scenario().equals(scenario))
                .map(c -> metric.equals("tps") ? Double.valueOf(c.tps()) : c.wallTimeMs())
                .filter(v -> v != null)
                .toList();
        return values.isEmpty() ? Optional.empty() : Optional.of(values.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
    }

    /** ", 200 Tomcat threads": the part's request-thread setting, named after the pools it sized; nothing when it sized none. */
    private static String threads(Plan plan) {
        String count = RequestThreadsSetting.count(plan.models(), plan.tomcatThreads());
        return count.isEmpty() ? "" : ", " + count;
    }

    private static String format(double value, String metric) {
        return metric.equals("tps") ? String.format(Locale.ROOT, "%,.1f TPS", value) : String.format(Locale.ROOT, "%,.1f s", value / 1000);
    }
}
