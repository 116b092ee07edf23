package dev.loomlab.lab.findings;

import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.metrics.Sampler;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Fact;
import dev.loomlab.load.Protocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rules that read a cell's results and time series and write one sentence each, with its
 * evidence: what limited the cell, in words, with the numbers that show it. A rule whose metrics
 * are missing (NaN, not recorded) is silent: no finding without evidence. The rules, their
 * evidence and their thresholds are listed in {@code docs/findings.md}.
 *
 * <p>A run stores what fired as {@link Fact}s (rule id + figures). Sentences are made when a
 * report is rendered, by running these rules again over the cell file and its time series — the
 * evidence is on disk — so a report of an old run folder says what today's rules find in it.
 */
public final class Findings {
    /** "For most of the window": the share of samples (that have the metric) in which a condition must hold. */
    public static final double MOST_OF_WINDOW = Verdict.MOST_OF_WINDOW;
    /**
     * Throughput within this share of a thread or connection cap, with the cap's queue busy, is held by that cap. Not
     * the ceiling test ({@link Verdict#atCeiling}): here a measured queue is the evidence, the share only a sanity bound.
     */
    public static final double NEAR_CAP = 0.90;
    /** A server using this share of its cores on average is CPU-bound (as {@link Protocol#CPU_SATURATED}). */
    public static final double CPU_BOUND = Protocol.CPU_SATURATED;
    /** A load driver using this share of its cores on average is the limit. */
    public static final double DRIVER_BOUND = Verdict.DRIVER_SATURATED;
    /** Virtual threads queued for a carrier, on average, per carrier, that make a backlog. */
    public static final double BACKLOG_PER_CARRIER = Verdict.BACKLOG_PER_CARRIER;
    /** GC pauses above this share of the window are GC pressure. */
    public static final double GC_SHARE = 0.05;
    /**
     * A soak's memory (resident set, or heap after collections) growing faster than this share of its mean a minute, beyond
     * its noise, is a leak: 1 % a minute doubles it in well under two hours, and a server that holds what it serves levels off.
     */
    public static final double MEMORY_GROWTH_PER_MINUTE = 0.01;
    /** A soak's p99 growing faster than this share of its mean a minute, beyond its noise: the tail drifts. */
    public static final double LATENCY_GROWTH_PER_MINUTE = 0.02;
    /** Errors above this share of requests account for the throughput (as {@link Verdict#ERRORS_DOMINATE}). */
    public static final double ERRORS_EXPLAIN = Verdict.ERRORS_DOMINATE;

    /**
     * The rules by id, in the order their findings are written; "unexplained" always runs last. The
     * reporting ones never account for the throughput: the fan-out count checks the answers, allocation
     * does not cap throughput unless the GC rule says so, and the pitfalls' figures are for comparison.
     */
    private static final List<Rule> RULES = List.of(
            Rule.reporting("fan-out-check", FanOutRule::sentence),
            Rule.explaining("steady-state", SteadyStateRule::sentence),
            Rule.explaining("above-ceiling", AboveCeilingRule::sentence),
            Rule.explaining("load-driver", LoadDriverRule::sentence),
            Rule.explaining("load-ceiling", LoadCeilingRule::sentence),
            Rule.explaining("thread-pool", ThreadPoolRule::sentence),
            Rule.explaining("connection-pool", ConnectionPoolRule::sentence),
            Rule.explaining("cpu", CpuRule::sentence),
            Rule.explaining("carrier-backlog", CarrierBacklogRule::sentence),
            new Rule("pinning", PinningRule::sentence, PinningRule::explains),
            Rule.explaining("submit-failed", SubmitFailedRule::sentence),
            Rule.explaining("gc", GcRule::sentence),
            Rule.reporting("memory-grows", MemoryGrowsRule::sentence),
            Rule.reporting("latency-grows", LatencyGrowsRule::sentence),
            new Rule("errors", ErrorsRule::sentence, ErrorsRule::explains),
            new Rule("native-pinning", NativePinningRule::sentence, NativePinningRule::explains),
            Rule.reporting("threadlocal", ThreadLocalRule::sentence),
            Rule.reporting("cpu-fairness", CpuFairnessRule::sentence),
            Rule.reporting("bulkhead", BulkheadRule::sentence),
            Rule.reporting("write-check", WriteCheckRule::sentence),
            // last: a caveat on every figure above, not a cause of any
            Rule.reporting("beside", BesideRule::sentence));

    private Findings() {
    }

    /** What fired in this cell, to store with it: each rule's id and the figures it quoted, in rule order. */
    public static List<Fact> evaluate(CellResult cell, List<SeriesRow> rows, int serverCores) {
        return fired(cell, rows, serverCores).stream().map(Finding::fact).toList();
    }

    /** The sentences of every finding whose evidence holds for this cell, in rule order. */
    public static List<String> sentences(CellResult cell, List<SeriesRow> rows, int serverCores) {
        return fired(cell, rows, serverCores).stream().map(Finding::text).toList();
    }

    /**
     * The sentences of today's rules for a cell of the run folder {@code root} (null: no folder), read
     * from its file and its time series there; the server's cores are the CPUs the cell recorded.
     * A cell whose time series is gone is judged on its own figures: rules that need the series are silent.
     */
    public static List<String> sentences(Path root, CellResult cell) {
        return fired(root, cell).stream().map(Finding::text).toList();
    }

    /** The findings of today's rules for a cell of the run folder {@code root}, each with its rule's id. */
    public static List<Finding> fired(Path root, CellResult cell) {
        List<SeriesRow> rows = List.of();
        String timeseries = cell.files().timeseries();
        if (root != null && timeseries != null && Files.isRegularFile(root.resolve(timeseries))) {
            try {
                rows = Sampler.readCsv(root.resolve(timeseries));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + root.resolve(timeseries), e);
            }
        }
        return fired(cell, rows, 0);
    }

    /** The same findings with the id of the rule that wrote each. */
    public static List<Finding> fired(CellResult cell, List<SeriesRow> rows, int serverCores) {
        if (cell == null || !cell.succeeded()) {
            return List.of();
        }
        Evidence e = new Evidence(cell, rows, serverCores);
        String prefix = prefix(cell);
        List<Finding> out = new ArrayList<>();
        for (Rule rule : RULES) {
            e.takeQuoted();
            rule.sentence().apply(e).ifPresent(s -> out.add(new Finding(rule.id(), prefix + s, rule.explains().test(e), e.takeQuoted())));
        }
        e.takeQuoted();
        UnexplainedRule.sentence(e, out).ifPresent(s -> out.add(new Finding(UnexplainedRule.ID, prefix + s, false, e.takeQuoted())));
        return List.copyOf(out);
    }

    /** The ids of the rules, in order. */
    public static List<String> ruleIds() {
        List<String> ids = new ArrayList<>(RULES.stream().map(Rule::id).toList());
        ids.add(UnexplainedRule.ID);
        return List.copyOf(ids);
    }

    /** {@code mvc-platform / block: } — every finding starts with its cell, so it reads alone. */
    public static String prefix(CellResult cell) {
        return cell.label() + " / " + cell.scenario() + ": ";
    }
}
