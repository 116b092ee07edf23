package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.load.Workload;
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
        return switch (e.cell.workload()) {
            case Workload.Closed(int vus) -> users(e, vus);
            case Workload.Open(double rate) -> offered(e, rate);
            // A burst is timed, not paced: no throughput of its own to be capped by.
            case Workload.Burst burst -> Optional.empty();
            case null -> Optional.empty();
        };
    }

    private static Optional<String> users(Evidence e, int vus) {
        double s = e.serviceS();
        double tps = e.cell.tps();
        // Without a service time N / S is no bound: the users send as fast as the server answers.
        if (s <= 0) {
            return Optional.empty();
        }
        double cap = vus / s;
        if (!Verdict.atCeiling(tps / cap)) {
            return Optional.empty();
        }
        e.quote("tps", tps);
        e.quote("vus", vus);
        e.quote("serviceS", s);
        e.quote("capTps", cap);
        return Optional.of(f("%s ≈ %s VUs / %s = %s — at the VU ceiling: the load itself was the limit, not the server "
                + "(raise --vus to find the server's)", Say.tps(tps), Say.count(vus), Say.seconds(s), Say.tps(cap)));
    }

    private static Optional<String> offered(Evidence e, double rate) {
        double tps = e.cell.tps();
        Long unsent = e.cell.unsent();
        // Requests the driver could not send mean the driver, not the offered rate, set the pace (LoadDriverRule says so).
        if ((unsent != null && unsent > 0) || !Verdict.atCeiling(tps / rate)) {
            return Optional.empty();
        }
        e.quote("tps", tps);
        e.quote("rate", rate);
        return Optional.of(f("%s of the offered %.1f/s — at the rate ceiling: the load itself was the limit, not the server "
                + "(raise --rate to find the server's)", Say.tps(tps), rate));
    }
}
