package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.catalog.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Virtual threads queued for a carrier for most of the window, on average at least
 * {@link Findings#BACKLOG_PER_CARRIER} per carrier: requests were ready to run and waited for
 * CPU time. By Little's law the mean queue over the throughput is the time each request spent
 * waiting. Names the causes the cell has evidence for: a saturated CPU, pinned carriers, GC pauses
 * — and when none shows, the core itself was busy with something else.
 */
final class CarrierBacklogRule {
    private CarrierBacklogRule() {
    }

    static Optional<String> sentence(Evidence e) {
        int carriers = e.serverCores();
        double share = e.share(SeriesRow::virtualQueued, q -> q > 0);
        double mean = e.mean(SeriesRow::virtualQueued);
        if (carriers <= 0 || Double.isNaN(share) || share < Findings.MOST_OF_WINDOW || mean < Findings.BACKLOG_PER_CARRIER * carriers) {
            return Optional.empty();
        }
        // As many carriers as the model's launcher runs on the server's cores (max(cores, 4) on the virtual-thread
        // servers); a target: the JDK's default, one per core. The backlog is judged per core: the CPU runs them.
        int threads = e.carriers();
        e.quote("serverCores", carriers);
        e.quote("carriers", threads);
        e.quote("queuedMax", e.max(SeriesRow::virtualQueued));
        e.quote("queuedMean", mean);
        e.quote("queuedShare", share);
        e.quote("tps", e.cell.tps());
        e.quote("serverCpuCores", e.mean(SeriesRow::serverCpuCores));
        String queuedFor = threads == carriers
                ? (carriers == 1 ? "the server's only carrier thread" : "its " + carriers + " carrier threads")
                : "its " + threads + " carrier threads on " + (carriers == 1 ? "the server's only core" : carriers + " cores");
        StringBuilder sb = new StringBuilder(f("up to %s virtual threads (mean %s) were queued for %s in %s of the window",
                Say.count(e.max(SeriesRow::virtualQueued)), Say.count(mean), queuedFor, Say.percent(share)));
        double tps = e.cell.tps();
        if (tps > 0) {
            sb.append(f(": ≈ %.0f ms of each request spent waiting to run (mean queued / TPS, Little's law)", 1000 * mean / tps));
        }
        sb.append(" — ").append(cause(e, carriers));
        return Optional.of(sb.toString());
    }

    private static String cause(Evidence e, int carriers) {
        List<String> causes = new ArrayList<>();
        double cpu = e.mean(SeriesRow::serverCpuCores);
        boolean cpuBound = !Double.isNaN(cpu) && cpu >= Findings.CPU_BOUND * carriers;
        if (cpuBound) {
            causes.add("the CPU is saturated");
        }
        boolean pinned = e.jfr(JfrCounts.PINNED) > 0;
        if (pinned) {
            causes.add("pinned threads held " + (carriers == 1 ? "it" : "them"));
        }
        double gc = e.sum(SeriesRow::gcPauseMs);
        if (!Double.isNaN(gc) && gc > Findings.GC_SHARE * e.windowS() * 1000) {
            causes.add("GC pauses stopped " + (carriers == 1 ? "it" : "them"));
        }
        // Runnable threads, a process that hardly runs and no pinning: the OS gave the core to someone else.
        String starved = Double.isNaN(cpu) || cpuBound || pinned ? ""
                : f("the server used only %s of %s, so the core was likely busy with other work (other processes on this "
                        + "machine, or CPU throttling)", Say.percent(cpu / carriers), Say.itsCores(carriers));
        String bottleneck = carriers == 1 ? "the carrier was the bottleneck" : "the carriers were the bottleneck";
        if (causes.isEmpty()) {
            return bottleneck + (starved.isEmpty() ? "" : ", yet " + starved);
        }
        return bottleneck + ": " + String.join(", ", causes) + (starved.isEmpty() ? "" : "; and " + starved);
    }
}
