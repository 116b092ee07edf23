package dev.loomlab.lab.findings;

import static dev.loomlab.lab.findings.Say.f;

import dev.loomlab.scenario.ServerErrorKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Requests that failed, by kind, with what each kind means: a client timeout is a request with
 * no answer within the request timeout, an HTTP 5xx an answer that is an error, a connect error
 * a connection refused or reset before the request was sent. Then the server's side of the same
 * failures, from its own counter (pool timeouts vs database errors), and the kernel's accept-queue
 * overflows, which neither side sees as an error.
 */
final class ErrorsRule {
    private static final Map<String, String> MEANING = Map.of(
            "timeout", "client timeouts (no answer within the request timeout)",
            "status5xx", "HTTP 5xx (the server answered with an error)",
            "connect", "connect errors (refused or reset before the request was sent: accept queue or open-files limit)",
            "status4xx", "HTTP 4xx (the server rejected the request)",
            "other", "other errors (the driver log says which)");
    private static final List<String> ORDER = List.of("timeout", "status5xx", "connect", "status4xx", "other");

    private ErrorsRule() {
    }

    static Optional<String> sentence(Evidence e) {
        long total = (long) e.quote("errors", e.errorTotal());
        e.quote("requests", e.cell.requests());
        if (e.cell.errors() != null) {
            e.cell.errors().forEach((kind, n) -> e.quote("errors." + kind, n == null ? 0 : n));
        }
        String inside = serverSide(e);
        if (total <= 0) {
            return inside.isEmpty() ? Optional.empty() : Optional.of("no request failed, but " + inside);
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
                100.0 * total / requests, String.join("; ", kinds)) + (inside.isEmpty() ? "" : "; " + inside));
    }

    /** "the server counted 264 pool timeouts (…)", "the kernel overflowed the accept queue 12 times", or "". */
    static String serverSide(Evidence e) {
        Map<String, Double> m = e.cell.metrics() == null ? Map.of() : e.cell.metrics();
        List<String> kinds = new ArrayList<>();
        for (ServerErrorKind kind : ServerErrorKind.values()) {
            Double n = m.get("serverErrors." + kind.id());
            if (n != null && n > 0) {
                e.quote("serverErrors." + kind.id(), n);
                kinds.add(Say.count(n) + " " + kind.id() + " (" + kind.meaning() + ")");
            }
        }
        List<String> parts = new ArrayList<>();
        if (!kinds.isEmpty()) {
            parts.add("the server counted " + String.join(", ", kinds));
        }
        Double overflows = m.get("listenOverflows");
        if (overflows != null && overflows > 0) {
            e.quote("listenOverflows", overflows);
            parts.add("the kernel overflowed the accept queue " + Say.count(overflows) + " times (connections the server never saw)");
        }
        return String.join("; ", parts);
    }

    /** A handful of errors is worth reporting but does not account for the throughput. */
    static boolean explains(Evidence e) {
        // Overflows alone are evidence, not an explanation of the throughput.
        return e.errorTotal() > Findings.ERRORS_EXPLAIN * Math.max(1, e.cell.requests());
    }
}
