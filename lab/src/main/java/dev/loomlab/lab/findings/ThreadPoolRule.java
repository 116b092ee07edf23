package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.metrics.SeriesRow;
import java.util.Optional;

/**
 * Platform threads: Tomcat's request threads were all busy for most of the window and the
 * throughput is within 10 % of threads / S — the thread pool is the cap (seed 000's 200 TPS).
 */
final class ThreadPoolRule {
    private ThreadPoolRule() {
    }

    static Optional<String> sentence(Evidence e) {
        double s = e.serviceS();
        double threads = e.max(SeriesRow::tomcatMax);
        if (s <= 0 || Double.isNaN(threads) || threads <= 0) {
            return Optional.empty();
        }
        // Per sample, busy against that sample's max; samples missing either do not count.
        long known = e.rows.stream().filter(r -> !Double.isNaN(r.tomcatBusy()) && !Double.isNaN(r.tomcatMax())).count();
        long atMax = e.rows.stream().filter(r -> !Double.isNaN(r.tomcatBusy()) && !Double.isNaN(r.tomcatMax())
                && r.tomcatMax() > 0 && r.tomcatBusy() >= r.tomcatMax()).count();
        if (known == 0) {
            return Optional.empty();
        }
        double share = atMax / (double) known;
        double cap = threads / s;
        double tps = e.cell.tps();
        if (share < Findings.MOST_OF_WINDOW || tps < Findings.NEAR_CAP * cap) {
            return Optional.empty();
        }
        e.quote("tps", tps);
        e.quote("threads", threads);
        e.quote("serviceS", s);
        e.quote("capTps", cap);
        e.quote("busyMax", e.max(SeriesRow::tomcatBusy));
        e.quote("atMaxShare", share);
        return Optional.of(f("%s ≈ %s %s / %s = %s — capped by the thread pool (busy threads %s/%s for %s of the window)",
                Say.tps(tps), Say.count(threads), e.requestThreadsName(), Say.seconds(s), Say.tps(cap), Say.count(e.max(SeriesRow::tomcatBusy)),
                Say.count(threads), Say.percent(share)));
    }
}
