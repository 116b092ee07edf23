package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.scenario.Scenarios;
import java.util.Map;
import java.util.Optional;

/**
 * {@code threadlocal}: how many per-thread caches the server built in the window, per request,
 * and what the server allocated per request. A pool of threads builds its caches once; a virtual
 * thread per request builds one on nearly every request, and the cache becomes garbage.
 */
final class ThreadLocalRule {
    private ThreadLocalRule() {
    }

    static Optional<String> sentence(Evidence e) {
        Map<String, Double> m = e.cell.metrics();
        if (!Scenarios.THREADLOCAL.id().equals(e.cell.scenario()) || m == null || m.get("threadLocalCachesCreated") == null
                || e.cell.requests() <= 0) {
            return Optional.empty();
        }
        double created = e.quote("cachesCreated", m.get("threadLocalCachesCreated"));
        double perRequest = e.quote("cachesPerRequest", created / e.quote("requests", e.cell.requests()));
        StringBuilder sb = new StringBuilder(f("%s ThreadLocal caches built for %s requests in the window (%.2f per request)",
                Say.count(created), Say.count(e.cell.requests()), perRequest));
        Double kb = m.get("allocatedKbPerRequest");
        Double rate = m.get("allocatedMbPerS");
        if (kb != null && rate != null) {
            sb.append(f("; the server allocated %.1f KB per request, %.1f MB/s", kb, rate));
        }
        Double rss = m.get("serverRssMbMax");
        if (rss != null) {
            sb.append(f(", RSS up to %.0f MB", rss));
        }
        sb.append(perRequest > 0.5
                ? " — the per-thread cache is rebuilt on almost every request: on a thread per request it saves nothing, pool the object instead"
                : " — the cache is reused: the threads outlive the requests");
        return Optional.of(sb.toString());
    }
}
