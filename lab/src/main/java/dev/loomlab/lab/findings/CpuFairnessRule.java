package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.scenario.Scenarios;
import java.util.Optional;

/**
 * {@code cpu}: fairness. Virtual threads are not time-sliced: a request that computes keeps its
 * carrier until it ends, so a few are served at once to the end while the rest wait — a low median
 * and a long tail. Platform threads are preempted by the OS: every request progresses a little, the
 * median rises and the tail shrinks. The ratio p90 / p50 says which the cell saw.
 */
final class CpuFairnessRule {
    /** A p90 this many times the median is a tail, not a spread. */
    static final double UNFAIR = 5;

    private CpuFairnessRule() {
    }

    static Optional<String> sentence(Evidence e) {
        if (!Scenarios.CPU.id().equals(e.cell.scenario()) || e.cell.p50Ms() <= 0) {
            return Optional.empty();
        }
        double ratio = e.quote("p90OverP50", e.cell.p90Ms() / e.cell.p50Ms());
        e.quote("p50Ms", e.cell.p50Ms());
        e.quote("p90Ms", e.cell.p90Ms());
        e.quote("p99Ms", e.cell.p99Ms());
        return Optional.of(f("CPU-bound requests: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms — p90 is %.1f× the median: %s",
                e.cell.p50Ms(), e.cell.p90Ms(), e.cell.p99Ms(), ratio,
                ratio >= UNFAIR
                        ? "unfair, a few requests run to the end while the others wait (no time slicing)"
                        : "fair, requests share the CPU and progress together"));
    }
}
