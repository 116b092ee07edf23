package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.metrics.SeriesRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs last: the cell stayed below its ceiling (or had none) and no other rule accounts for its
 * throughput. A gap inside the cell's own confidence interval is noise, and said so; otherwise it says so plainly, lists what was measured and was not saturated, and points at the
 * server log rather than guessing.
 */
final class UnexplainedRule {
    static final String ID = "unexplained";

    private UnexplainedRule() {
    }

    static Optional<String> sentence(Evidence e, List<Finding> fired) {
        if (fired.stream().anyMatch(Finding::explains)) {
            return Optional.empty();
        }
        Double ratio = e.ceilingRatio();
        if (ratio != null && Verdict.atCeiling(ratio)) {
            return Optional.empty();
        }
        e.quote("tps", e.cell.tps());
        e.quote("ceilingRatio", ratio == null ? Double.NaN : ratio);
        if (ratio != null && e.noise() >= e.gap()) {
            e.quote("noise", e.noise());
            return Optional.of(f("%s = %.1f %% of the %s ceiling: the %.1f %% gap is inside the cell's own 95 %% interval (± %.1f %%) — "
                            + "noise, not a limit: more rounds or a longer window tell it from the ceiling", Say.tps(e.cell.tps()), 100 * ratio,
                    Say.tps(e.cell.ceilingTps() == null ? e.cell.tps() / ratio : e.cell.ceilingTps()), 100 * e.gap(), 100 * e.noise()));
        }
        String head = ratio == null
                ? f("%s with no sleep to bound it and no measured cause", Say.tps(e.cell.tps()))
                : f("%s = %.1f %% of the %s ceiling, and no measured resource explains the gap", Say.tps(e.cell.tps()),
                        100 * ratio, Say.tps(e.cell.ceilingTps() == null ? e.cell.tps() / ratio : e.cell.ceilingTps()));
        List<String> checked = checked(e);
        return Optional.of(head + (checked.isEmpty() ? "" : " (" + String.join(", ", checked) + ")")
                + " — unexplained: read " + (e.cell.files().serverLog() == null ? "the server log" : e.cell.files().serverLog()));
    }

    /** What was measured and found not saturated, so the reader knows what is ruled out. */
    private static List<String> checked(Evidence e) {
        List<String> out = new ArrayList<>();
        double cpu = e.serverCpu();
        if (!Double.isNaN(cpu) && e.serverCores() > 0) {
            e.quote("serverCpuCores", cpu);
            e.quote("serverCores", e.serverCores());
            out.add("server CPU " + Say.percent(cpu / e.serverCores()) + " of " + Say.cores(e.serverCores()));
        }
        double driver = e.mean(SeriesRow::driverCpuCores);
        if (!Double.isNaN(driver) && e.driverCores() > 0) {
            e.quote("driverCpuCores", driver);
            e.quote("driverCores", e.driverCores());
            out.add("driver CPU " + Say.percent(driver / e.driverCores()) + " of " + Say.cores(e.driverCores()));
        }
        double busy = e.share(SeriesRow::tomcatBusy, b -> b >= e.max(SeriesRow::tomcatMax));
        if (!Double.isNaN(busy)) {
            e.quote("tomcatAllBusyShare", busy);
            out.add("all " + e.requestThreadsName() + " busy in " + Say.percent(busy) + " of the window");
        }
        double waiting = e.share(SeriesRow::poolPending, p -> p > 0);
        // Only where the cell used its pool: on a scenario without queries "no waits" says nothing.
        if (!Double.isNaN(waiting) && e.max(SeriesRow::poolActive) > 0) {
            e.quote("poolWaitingShare", waiting);
            out.add(waiting == 0 ? "no connection waits" : "connection waits in " + Say.percent(waiting) + " of the window");
        }
        double gc = e.sum(SeriesRow::gcPauseMs);
        if (!Double.isNaN(gc) && e.windowS() > 0) {
            e.quote("gcPauseMs", gc);
            out.add(f("GC %.1f %% of the window", gc / (10 * e.windowS())));
        }
        long errors = (long) e.quote("errors", e.errorTotal());
        out.add(errors == 0 ? "no errors" : Say.count(errors) + " errors");
        if (e.serviceS() > 0 && e.cell.p50Ms() > 0) {
            out.add(f("p50 %s ms against S = %s ms", Say.count(e.cell.p50Ms()), Say.count(e.cell.serviceTimeMs())));
        }
        return out;
    }
}
