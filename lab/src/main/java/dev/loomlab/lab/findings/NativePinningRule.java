package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.metrics.JfrCounts;
import dev.loomlab.scenario.Scenarios;
import java.util.Optional;

/**
 * {@code native-pinned} on virtual threads: a thread inside a native call holds its carrier, and
 * JFR cannot say so — {@code jdk.VirtualThreadPinned} is written when a pinned thread tries to
 * park, and a thread in libc never parks. The throughput against carriers / S is the evidence.
 */
final class NativePinningRule {
    private NativePinningRule() {
    }

    static Optional<String> sentence(Evidence e) {
        if (!Scenarios.NATIVE_PINNED.id().equals(e.cell.scenario()) || e.model().filter(Model::virtualThreads).isEmpty()
                || e.serverCores() <= 0 || e.serviceS() <= 0) {
            return Optional.empty();
        }
        int carriers = e.carriers();
        double ceiling = carriers / e.serviceS();
        long events = e.jfr(JfrCounts.PINNED);
        e.quote("tps", e.cell.tps());
        e.quote("carriers", carriers);
        e.quote("serviceS", e.serviceS());
        e.quote("capTps", ceiling);
        e.quote("pinnedEvents", events);
        return Optional.of(f("pinned in native code: %s against %d carriers / %s = %s (%s of it); %s %s event%s — a thread inside"
                        + " a native call never parks, so JFR records no pinning: only the throughput shows it, on every JDK",
                Say.tps(e.cell.tps()), carriers, Say.seconds(e.serviceS()), Say.tps(ceiling), Say.percent(e.cell.tps() / ceiling),
                events < 0 ? "no" : Say.count(events), JfrCounts.PINNED, events == 1 ? "" : "s"));
    }

    static boolean explains(Evidence e) {
        return e.cell.tps() <= e.carriers() / e.serviceS() * 1.1;
    }
}
