package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Requests that failed, by kind, with what each kind means: a client timeout is a request with
 * no answer within the request timeout, an HTTP 5xx an answer that is an error (the server log
 * names it), a connect error a connection refused or reset before the request was sent.
 */
final class ErrorsRule implements Rule {
    private static final Map<String, String> MEANING = Map.of(
            "timeout", "client timeouts (no answer within the request timeout)",
            "status5xx", "HTTP 5xx (the server answered with an error: its log names it)",
            "connect", "connect errors (refused or reset before the request was sent: accept queue or open-files limit)",
            "status4xx", "HTTP 4xx (the server rejected the request)",
            "other", "other errors (the driver log says which)");
    private static final List<String> ORDER = List.of("timeout", "status5xx", "connect", "status4xx", "other");

    @Override
    public String id() {
        return "errors";
    }

    @Override
    public Optional<String> sentence(Evidence e) {
        long total = e.errorTotal();
        if (total <= 0) {
            return Optional.empty();
        }
        List<String> kinds = new ArrayList<>();
        for (String kind : ORDER) {
            if (e.errors(kind) > 0) {
                kinds.add(Say.count(e.errors(kind)) + " " + MEANING.get(kind));
            }
        }
        new TreeMap<>(e.cell.errors()).forEach((kind, n) -> {
            if (!ORDER.contains(kind) && n != null && n > 0) {
                kinds.add(Say.count(n) + " " + kind);
            }
        });
        long requests = Math.max(e.cell.requests(), total);
        return Optional.of(f("%s of %s requests failed (%.1f %%): %s", Say.count(total), Say.count(requests),
                100.0 * total / requests, String.join("; ", kinds)));
    }

    /** A handful of errors is worth reporting but does not account for the throughput. */
    @Override
    public boolean explains(Evidence e) {
        return e.errorTotal() > Findings.ERRORS_EXPLAIN * Math.max(1, e.cell.requests());
    }
}
