package dev.loomlab.lab.plan;

import dev.loomlab.lab.settings.PlanException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One service-level objective a cell's measured window must meet, as k6 spells a threshold: {@code p99 < 250ms},
 * {@code errors < 0.1%}, {@code tps > 900} for the cell, {@code order.p99 < 400ms} for one request of its mix.
 * Parsed once from its text; {@code slo.SloVerdict} reads the cell's own figures against it.
 *
 * @param request the plan request it is about, or empty for the whole cell
 * @param value   in the measure's unit: milliseconds for a latency, percent for errors, requests/s for tps
 */
public record Threshold(Optional<String> request, Measure measure, Comparison comparison, double value, String text) {
    private static final Pattern GRAMMAR = Pattern.compile(
            "\\s*(?:([A-Za-z][A-Za-z0-9_-]*)\\.)?([A-Za-z0-9]+)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z%]+)?\\s*");

    /**
     * A request's figures among a cell's metrics are named {@code request.NAME.FIGURE} ({@code request.order.p99Ms}):
     * the cell writes them so, a request's threshold reads them so.
     */
    public static final String REQUEST_METRICS = "request.";

    /** What a threshold is about; the slo package reads it from a cell's result. */
    public enum Measure {
        P50("p50", Unit.LATENCY, "p50Ms"),
        P90("p90", Unit.LATENCY, "p90Ms"),
        P99("p99", Unit.LATENCY, "p99Ms"),
        MAX("max", Unit.LATENCY, "maxMs"),
        ERRORS("errors", Unit.PERCENT, null),
        TPS("tps", Unit.RATE, "tps");

        final String id;
        final Unit unit;
        private final String requestFigure;

        Measure(String id, Unit unit, String requestFigure) {
            this.id = id;
            this.unit = unit;
            this.requestFigure = requestFigure;
        }

        /** Its figure among a request's metrics; errors are counted from two of them ({@code errors}, {@code requests}). */
        public String requestFigure() {
            return requestFigure;
        }
    }

    enum Unit { LATENCY, PERCENT, RATE }

    public enum Comparison {
        LT("<"), LE("<="), GT(">"), GE(">=");

        final String sign;

        Comparison(String sign) {
            this.sign = sign;
        }

        public boolean holds(double measured, double bound) {
            return switch (this) {
                case LT -> measured < bound;
                case LE -> measured <= bound;
                case GT -> measured > bound;
                case GE -> measured >= bound;
            };
        }
    }

    /** A threshold from its text; one line naming what is wrong, and what is allowed, otherwise. */
    public static Threshold parse(String text) {
        Matcher m = GRAMMAR.matcher(text);
        if (!m.matches()) {
            throw refused(text, "expected [REQUEST.]MEASURE OP VALUE, e.g. 'p99 < 250ms', 'errors < 0.1%', 'tps > 900', 'order.p99 < 400ms'");
        }
        Optional<String> request = Optional.ofNullable(m.group(1));
        String id = m.group(2).toLowerCase(Locale.ROOT);
        Measure measure = null;
        for (Measure candidate : Measure.values()) {
            if (candidate.id.equals(id)) {
                measure = candidate;
            }
        }
        if (measure == null) {
            throw refused(text, "unknown measure '" + id + "' (allowed: p50, p90, p99, max, errors, tps)");
        }
        Comparison comparison = null;
        for (Comparison candidate : Comparison.values()) {
            if (candidate.sign.equals(m.group(3))) {
                comparison = candidate;
            }
        }
        double number = new BigDecimal(m.group(4)).doubleValue();
        String unit = m.group(5) == null ? null : m.group(5).toLowerCase(Locale.ROOT);
        if (unit != null && !List.of("ms", "s", "us", "%").contains(unit)) {
            throw refused(text, "unknown unit '" + m.group(5) + "' (ms, s or us for a latency, % for errors, none for tps)");
        }
        double value = switch (measure.unit) {
            case LATENCY -> switch (unit == null ? "" : unit) {
                case "ms" -> number;
                case "s" -> number * 1000;
                case "us" -> number / 1000;
                default -> throw refused(text, "a latency needs its unit: ms, s or us");
            };
            case PERCENT -> {
                if (!"%".equals(unit)) {
                    throw refused(text, "errors are a percentage of the requests, e.g. 'errors < 0.1%'");
                }
                yield number;
            }
            case RATE -> {
                if (unit != null) {
                    throw refused(text, "tps is requests per second, a plain number, e.g. 'tps > 900'");
                }
                yield number;
            }
        };
        return new Threshold(request, measure, comparison, value,
                request.map(r -> r + ".").orElse("") + id + " " + m.group(3) + " " + m.group(4) + (unit == null ? "" : unit));
    }

    private static PlanException refused(String text, String why) {
        return new PlanException("slo: '" + text.trim() + "': " + why);
    }

    /** The figure as the threshold's text writes it: {@code 212.4ms}, {@code 0.02%}, {@code 911.3}. */
    public String shown(double measured) {
        return switch (measure.unit) {
            case LATENCY -> String.format(Locale.ROOT, "%.1fms", measured);
            case PERCENT -> String.format(Locale.ROOT, "%.3f%%", measured);
            case RATE -> String.format(Locale.ROOT, "%.1f", measured);
        };
    }

    @Override
    public String toString() {
        return text;
    }
}
