package dev.loomlab.lab.report;

import dev.loomlab.lab.ceiling.Resources;
import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.ServerStart;
import dev.loomlab.lab.stats.Sample;
import dev.loomlab.load.Protocol;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * One model's rounds of one workload, as the answer reads them: its throughput per round (each round a fresh JVM, so
 * the rounds hold the run-to-run spread), its latencies, what limited it, what it cost and which pitfalls fired.
 *
 * @param model the model's label
 * @param cells its successful cells of the workload, one per round
 * @param rules the ids of the findings rules that fired in any of them, as today's rules judge them
 */
record ModelFigures(String model, List<CellResult> cells, List<String> rules) {
    /**
     * Findings that name a pitfall of a threading model (pinning, a ThreadLocal per virtual thread, a pool run dry, a
     * carrier backlog, failed submits, GC, errors, memory or latency that grows over a soak) rather than the cell's ceiling, which the capacity claim already says.
     */
    private static final Set<String> PITFALLS = Set.of("pinning", "native-pinning", "threadlocal", "connection-pool",
            "carrier-backlog", "submit-failed", "gc", "errors", "cpu-fairness", "bulkhead", "memory-grows", "latency-grows");

    ModelFigures {
        cells = List.copyOf(cells);
        rules = List.copyOf(rules);
    }

    int rounds() {
        return cells.size();
    }

    double[] tps() {
        return cells.stream().mapToDouble(CellResult::tps).toArray();
    }

    double meanTps() {
        return Sample.mean(tps());
    }

    double meanP50() {
        return mean(CellResult::p50Ms);
    }

    double meanP99() {
        return mean(CellResult::p99Ms);
    }

    /** Every round measured in steady state. A cell the engine could not judge, or an older one, is not known settled. */
    boolean settled() {
        return cells.stream().allMatch(c -> c.steady() != null && c.steady().settled());
    }

    /**
     * Every round judged limited by its server's CPU, or not judged because it did not settle while its server was busy
     * on all its cores ({@link Protocol#CPU_SATURATED} of them or more): then no threading model raises its capacity, only
     * less work per request. A round whose verdict names another resource that ran out first (the load driver's core) is
     * not CPU-bound, however busy its server.
     */
    boolean cpuBound() {
        return cells.stream().allMatch(c -> "cpu".equals(c.limitedBy()) || "not-settled".equals(c.limitedBy()) && saturated(c));
    }

    private static boolean saturated(CellResult c) {
        int cores = Resources.cpuSet(c.cpus() == null ? null : c.cpus().get("server")).size();
        return cores > 0 && c.serverCpuCores() != null && c.serverCpuCores() >= Protocol.CPU_SATURATED * cores;
    }

    /** What limited the rounds: the one limit when they agree, else each in round order. */
    String limitedBy() {
        return String.join(" / ", cells.stream().map(c -> Objects.toString(c.limitedBy(), "unknown")).distinct().toList());
    }

    /** Server CPU per answered request, ms, over the rounds that measured it. */
    OptionalDouble cpuMsPerRequest() {
        return cells.stream().filter(c -> c.serverCpuCores() != null && c.tps() > 0)
                .mapToDouble(c -> 1000 * c.serverCpuCores() / c.tps()).average();
    }

    OptionalDouble rssUnderLoadMb() {
        return cells.stream().map(c -> ModelCost.of(c).loadRssMb()).filter(Objects::nonNull).mapToDouble(Double::doubleValue).average();
    }

    /**
     * The time to the first correct answer over the rounds that started from the start-up cache or cold, and how they
     * started; a start that trained the cache first is neither and is left out (19–27 s against 4–9 s).
     */
    OptionalDouble firstAnswerMs() {
        return starts().mapToDouble(cost -> cost.firstAnswerMs()).average();
    }

    /** How the rounds counted in {@link #firstAnswerMs()} started: {@code cache}, {@code cold}, or both, or unrecorded. */
    String startKind() {
        return String.join(" and ", starts().map(cost -> cost.serverStart() == ServerStart.UNKNOWN ? "start not recorded" : cost.serverStart().spelling())
                .distinct().toList());
    }

    private Stream<ModelCost> starts() {
        return cells.stream().map(ModelCost::of).filter(cost -> cost.firstAnswerMs() != null && cost.serverStart() != ServerStart.TRAINING);
    }

    /** The pitfall rules that fired in any round, in the order first seen. */
    Set<String> pitfalls() {
        Set<String> fired = new LinkedHashSet<>();
        rules.stream().filter(PITFALLS::contains).forEach(fired::add);
        return fired;
    }

    /** Where its virtual threads pinned most over the rounds (the frame outside the JDK the recording saw), if any pinned. */
    Optional<String> pinnedAt() {
        Map<String, Long> at = new LinkedHashMap<>();
        cells.forEach(c -> JfrCounts.pinnedAt(c.jfrEvents()).forEach((frame, n) -> at.merge(frame, n, Long::sum)));
        return at.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
    }

    private double mean(ToDoubleFunction<CellResult> figure) {
        return cells.stream().mapToDouble(figure).average().orElse(Double.NaN);
    }
}
