package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.ceiling.Verdict;
import java.util.Optional;

/**
 * The load itself was the limit. Closed model: N users with no think time and service time S
 * can never exceed N / S, whatever the server does, so a cell at N / S measured the
 * users, not the server. Open model: the offered rate bounds the throughput the same way. "At" is
 * the verdict's own test ({@link Verdict#atCeiling}): further below, the gap is for a measured resource to explain.
 */
final class LoadCeilingRule {
    private LoadCeilingRule() {
    }

    static Optional<String> sentence(Evidence e) {
        double s = e.serviceS();
        double tps = e.cell.tps();
        Integer vus = e.cell.vus();
        if (vus != null && vus > 0 && s > 0) {
            double cap = vus / s;
            if (Verdict.atCeiling(tps / cap)) {
                e.quote("tps", tps);
                e.quote("vus", vus);
                e.quote("serviceS", s);
                e.quote("capTps", cap);
                return Optional.of(f("%s ≈ %s VUs / %s = %s — at the VU ceiling: the load itself was the limit, not the server "
                        + "(raise --vus to find the server's)", Say.tps(tps), Say.count(vus), Say.seconds(s), Say.tps(cap)));
            }
            return Optional.empty();
        }
        Double rate = e.cell.rate();
        Long unsent = e.cell.unsent();
        if (vus == null && rate != null && rate > 0 && (unsent == null || unsent == 0) && Verdict.atCeiling(tps / rate)) {
            e.quote("tps", tps);
            e.quote("rate", rate);
            return Optional.of(f("%s of the offered %.1f/s — at the rate ceiling: the load itself was the limit, not the server "
                    + "(raise --rate to find the server's)", Say.tps(tps), rate));
        }
        return Optional.empty();
    }
}
