package dev.loomlab.lab.report;

import dev.loomlab.lab.report.WorkloadAnswer.Claim;
import dev.loomlab.lab.report.WorkloadAnswer.Where;
import dev.loomlab.lab.result.CapacityFile;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ShapeFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;

/**
 * The evidence under a workload's verdict, one sentence per kind of figure a team weighs: what each model delivered and
 * what held it, whether the server's CPU was the limit (then no threading model helps), the median against the tail,
 * memory and start-up, the pitfalls that fired, and what the run did not measure. These sentences report; none of them
 * picks a model (the verdict alone does, on settled throughput).
 */
final class AnswerClaims {
    private AnswerClaims() {
    }

    static void evidence(List<Claim> claims, List<ModelFigures> models, Optional<CapacityFile> decide) {
        if (models.isEmpty()) {
            return;
        }
        claims.add(new Claim("Throughput: " + join(models, m -> String.format(Locale.ROOT, "%s %.1f TPS (limited by %s)",
                m.model(), m.meanTps(), m.limitedBy())) + ".", Where.TABLE));
        CapacityClaim.of(decide).ifPresent(claims::add);
        ShapeClaims.add(claims, models);
        cpu(claims, models);
        tail(claims, models);
        cost(claims, models);
        List<String> pitfalls = models.stream().filter(m -> !m.pitfalls().isEmpty())
                .map(m -> String.join(", ", m.pitfalls()) + " on " + m.model()
                        + (m.pitfalls().stream().anyMatch(r -> r.endsWith("pinning")) ? m.pinnedAt().map(f -> " (pinned at " + f + ")").orElse("") : ""))
                .toList();
        claims.add(new Claim(pitfalls.isEmpty() ? "No pitfall finding fired (pinning, ThreadLocal growth, a pool run dry, a carrier backlog, GC, errors)."
                : "Pitfalls observed: " + String.join("; ", pitfalls) + ".", Where.TABLE));
        claims.add(notMeasured(models, decide.isPresent()));
    }

    /** What a team weighs that this run did not measure: the load shapes it did not run, capacity at an objective, the spread. */
    private static Claim notMeasured(List<ModelFigures> models, boolean capacity) {
        Set<String> shapes = new LinkedHashSet<>(List.of("ramp", "spike", "soak"));
        models.stream().flatMap(m -> m.cells().stream()).map(CellResult::shapeFigures).filter(Objects::nonNull)
                .forEach(f -> shapes.remove(switch (f) {
                    case ShapeFigures.Soak soak -> "soak";
                    case ShapeFigures.Spike spike -> "spike";
                    case ShapeFigures.Ramp ramp -> "ramp";
                }));
        int fewest = models.stream().mapToInt(ModelFigures::rounds).min().orElse(0);
        List<String> left = List.copyOf(shapes);
        String named = left.size() < 2 ? String.join("", left)
                : String.join(", ", left.subList(0, left.size() - 1)) + " and " + left.getLast();
        List<String> not = new ArrayList<>();
        if (!named.isEmpty()) {
            not.add(named + " load (`--shape`)");
        }
        if (!capacity) {
            not.add("capacity at a latency objective (`./loomlab decide … --out` this run's folder)");
        }
        if (fewest < 2) {
            not.add("the run-to-run spread (" + fewest + " round a model: `--rounds 3` measures it)");
        }
        return new Claim(not.isEmpty() ? "Measured here: every shape of load, capacity at an objective and the run-to-run spread."
                : "Not measured here: " + String.join("; ", not) + ".", Where.NOTHING);
    }

    private static void cpu(List<Claim> claims, List<ModelFigures> models) {
        String perRequest = join(models.stream().filter(m -> m.cpuMsPerRequest().isPresent()).toList(),
                m -> String.format(Locale.ROOT, "%s %.2f ms", m.model(), m.cpuMsPerRequest().getAsDouble()));
        if (models.stream().allMatch(ModelFigures::cpuBound)) {
            claims.add(new Claim("CPU-bound: every model's server ran out of CPU before anything else (server CPU per request: "
                    + perRequest + "); no threading model raises this capacity, only less work per request or more cores.", Where.TABLE));
        } else if (!perRequest.isEmpty()) {
            List<String> bound = models.stream().filter(ModelFigures::cpuBound).map(ModelFigures::model).toList();
            claims.add(new Claim("Server CPU per request: " + perRequest
                    + (bound.isEmpty() ? "" : "; CPU-bound: " + String.join(", ", bound)) + ".", Where.TABLE));
        }
    }

    /** Said only when the model with the lower median is not the one with the lower tail: that trade is the finding. */
    private static void tail(List<Claim> claims, List<ModelFigures> models) {
        ModelFigures median = models.stream().min(Comparator.comparingDouble(ModelFigures::meanP50)).orElseThrow();
        ModelFigures tail = models.stream().min(Comparator.comparingDouble(ModelFigures::meanP99)).orElseThrow();
        if (median != tail) {
            claims.add(new Claim(String.format(Locale.ROOT,
                    "Median against tail: %s has the lower median (p50 %.0f ms against %.0f ms on %s), %s the lower tail (p99 %.0f ms against %.0f ms).",
                    median.model(), median.meanP50(), tail.meanP50(), tail.model(), tail.model(), tail.meanP99(), median.meanP99()), Where.TABLE));
        }
    }

    private static void cost(List<Claim> claims, List<ModelFigures> models) {
        String rss = figures(models, ModelFigures::rssUnderLoadMb, "%s %.0f MB");
        String start = join(models.stream().filter(m -> m.firstAnswerMs().isPresent()).toList(), m -> String.format(Locale.ROOT,
                "%s %.1f s (%s)", m.model(), m.firstAnswerMs().getAsDouble() / 1000, m.startKind()));
        if (!rss.isEmpty() || !start.isEmpty()) {
            claims.add(new Claim("Memory and start-up: " + (rss.isEmpty() ? "" : "RSS under load " + rss)
                    + (rss.isEmpty() || start.isEmpty() ? "" : "; ") + (start.isEmpty() ? "" : "first correct answer " + start + ", starts that trained the start-up cache left out") + ".", Where.COST));
        }
    }

    private static String figures(List<ModelFigures> models, Function<ModelFigures, OptionalDouble> figure, String format) {
        return join(models.stream().filter(m -> figure.apply(m).isPresent()).toList(),
                m -> String.format(Locale.ROOT, format, m.model(), figure.apply(m).getAsDouble()));
    }

    private static String join(List<ModelFigures> models, Function<ModelFigures, String> each) {
        return String.join(", ", models.stream().map(each).toList());
    }
}
