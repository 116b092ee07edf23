package dev.loomlab.lab.report;

import dev.loomlab.lab.load.CensoredLatency;
import dev.loomlab.lab.load.EngineCatalog;
import dev.loomlab.lab.result.CellResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The spellings every report shares, so the Markdown summary and the console table never
 * disagree about a number: one decimal, {@link Locale#ROOT}, "—" for a value that does not exist.
 */
final class ReportText {
    /** Error kinds in the order {@link CellResult} documents them; unknown kinds follow alphabetically. */
    static final List<String> ERROR_KINDS = List.of("connect", "timeout", "status4xx", "status5xx", "other");

    static final String NONE = "—";

    private ReportText() {
    }

    /**
     * A latency of {@code c}: marked {@code ≥} (or {@code >=} in ASCII) when it is at the time the client gave up on
     * some of its requests — the true percentile is at least that ({@link dev.loomlab.lab.load.CensoredLatency}).
     */
    /**
     * A tail percentile (p90, p99, max) as tables show it: none where the cell's engine only estimates its tail (wrk),
     * so that an estimate never stands beside measured figures.
     */
    static String tail(CellResult c, double ms, boolean ascii) {
        return exactTails(c) ? latency(c, ms, ascii) : ascii ? "-" : ESTIMATED_TAIL;
    }

    /** Shown instead of a tail the cell's engine only estimates. */
    static final String ESTIMATED_TAIL = "— (estimate)";

    /** Whether the cell's engine measured its tail percentiles (wrk estimates them). */
    static boolean exactTails(CellResult c) {
        return c.engine() == null || EngineCatalog.standard().exactTails(c.engine());
    }

    static String latency(CellResult c, double ms, boolean ascii) {
        Double at = c.metrics() == null ? null : c.metrics().get("latencyCensoredAtMs");
        return (CensoredLatency.censored(ms, at) ? (ascii ? ">= " : "≥ ") : "") + one(ms);
    }

    static String one(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    static String one(Double value) {
        return value == null ? NONE : one(value.doubleValue());
    }

    /** A cell's throughput as a share of its ceiling, e.g. {@code 98.6 %}; the stored ratio wins over recomputing it. */
    static String percentOfCeiling(CellResult cell) {
        Double ratio = ratio(cell);
        return ratio == null ? NONE : String.format(Locale.ROOT, "%.1f %%", 100 * ratio);
    }

    static Double ratio(CellResult cell) {
        if (cell.ceilingRatio() != null) {
            return cell.ceilingRatio();
        }
        Double ceiling = cell.ceilingTps();
        return ceiling == null || ceiling == 0 ? null : cell.tps() / ceiling;
    }

    static long errorTotal(Map<String, Long> errors) {
        return errors == null ? 0 : errors.values().stream().mapToLong(n -> n == null ? 0 : n).sum();
    }

    /** {@code 0}, or the total with the non-zero kinds: {@code 267 (3 connect, 264 status5xx)}. */
    static String errors(Map<String, Long> errors) {
        long total = errorTotal(errors);
        if (total == 0) {
            return "0";
        }
        List<String> kinds = new ArrayList<>(ERROR_KINDS);
        errors.keySet().stream().filter(k -> !ERROR_KINDS.contains(k)).sorted().forEach(kinds::add);
        List<String> parts = new ArrayList<>();
        for (String kind : kinds) {
            Long n = errors.get(kind);
            if (n != null && n != 0) {
                parts.add(n + " " + kind);
            }
        }
        return total + " (" + String.join(", ", parts) + ")";
    }

    static boolean succeeded(CellResult cell) {
        // Not cell.ok(): that name is the record's count of successful responses.
        return "ok".equals(cell.status());
    }

    static String failure(CellResult cell) {
        return ("skipped".equals(cell.status()) ? "skipped: " : "failed: ")
                + oneLine(cell.failure() == null ? "no reason recorded" : cell.failure());
    }

    /** Text squeezed onto one line: reasons and notes come from exceptions and logs. */
    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    /** Text safe inside a Markdown table cell. */
    static String cell(String text) {
        return oneLine(text).replace("|", "\\|");
    }

    static String orUnknown(Object value) {
        return value == null || String.valueOf(value).isBlank() ? "unknown" : String.valueOf(value);
    }
}
