package dev.loomlab.lab.slo;

import dev.loomlab.lab.plan.PlanException;
import dev.loomlab.lab.result.CellResult;
import java.math.BigDecimal;
import dev.loomlab.lab.cell.RequestFigures;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One service-level objective a cell's measured window must meet, as k6 spells a threshold: {@code p99 < 250ms},
 * {@code errors < 0.1%}, {@code tps > 900} for the cell, {@code order.p99 < 400ms} for one request of its mix.
 * Parsed once from its text; {@link #check} reads the cell's own figures.
 *
 * @param request the plan request it is about, or empty for the whole cell
 * @param value   in the measure's unit: milliseconds for a latency, percent for errors, requests/s for tps
 */
public record Threshold(Optional<String> request, Measure measure, Comparison comparison, double value, String text) {
    private static final Pattern GRAMMAR = Pattern.compile(
            "\\s*(?:([A-Za-z][A-Za-z0-9_-]*)\\.)?([A-Za-z0-9]+)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z%]+)?\\s*");

    /** What a threshold is about, and how a cell's result gives it. */
    public enum Measure {
        P50("p50", Unit.LATENCY, CellResult::p50Ms, "p50Ms"),
        P90("p90", Unit.LATENCY, CellResult::p90Ms, "p90Ms"),
        P99("p99", Unit.LATENCY, CellResult::p99Ms, "p99Ms"),
        MAX("max", Unit.LATENCY, CellResult::maxMs, "maxMs"),
        ERRORS("errors", Unit.PERCENT, Threshold::errorPercent, null),
        TPS("tps", Unit.RATE, CellResult::tps, "tps");

        final String id;
        final Unit unit;
        final ToDoubleFunction<CellResult> read;
        /** Its figure among a request's metrics ({@code RequestFigures}); errors are counted from two of them. */
        final String requestFigure;

        Measure(String id, Unit unit, ToDoubleFunction<CellResult> read, String requestFigure) {
            this.id = id;
            this.unit = unit;
            this.read = read;
            this.requestFigure = requestFigure;
        }
    }

    enum Unit { LATENCY, PERCENT, RATE }

    public enum Comparison {
        LT("<"), LE("<="), GT(">"), GE(">=");

        final String sign;

        Comparison(String sign) {
            this.sign = sign;
        }

        boolean holds(double measured, double bound) {
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

    /** The cell's figure this threshold is about, or empty when the cell was not measured. */
    public OptionalDouble measured(CellResult cell) {
        if (!cell.succeeded()) {
            return OptionalDouble.empty();
        }
        if (request.isEmpty()) {
            return OptionalDouble.of(measure.read.applyAsDouble(cell));
        }
        Map<String, Double> metrics = cell.metrics() == null ? Map.of() : cell.metrics();
        String prefix = RequestFigures.PREFIX + request.get() + ".";
        if (measure == Measure.ERRORS) {
            Double errors = metrics.get(prefix + "errors");
            Double requests = metrics.get(prefix + "requests");
            return errors == null || requests == null ? OptionalDouble.empty()
                    : OptionalDouble.of(requests == 0 ? 0 : 100.0 * errors / requests);
        }
        Double figure = metrics.get(prefix + measure.requestFigure);
        return figure == null ? OptionalDouble.empty() : OptionalDouble.of(figure);
    }

    /** Whether the cell met it: a cell with no measured window meets no threshold. */
    public boolean check(CellResult cell) {
        OptionalDouble measured = measured(cell);
        return measured.isPresent() && comparison.holds(measured.getAsDouble(), value);
    }

    /** The figure as the threshold's text writes it: {@code 212.4ms}, {@code 0.02%}, {@code 911.3}. */
    public String shown(double measured) {
        return switch (measure.unit) {
            case LATENCY -> String.format(Locale.ROOT, "%.1fms", measured);
            case PERCENT -> String.format(Locale.ROOT, "%.3f%%", measured);
            case RATE -> String.format(Locale.ROOT, "%.1f", measured);
        };
    }

    /** Requests that failed, in percent of all sent: every error kind the engine counted. */
    static double errorPercent(CellResult cell) {
        long failed = cell.errors() == null ? 0 : cell.errors().values().stream().mapToLong(Long::longValue).sum();
        return cell.requests() == 0 ? 0 : 100.0 * failed / cell.requests();
    }

    @Override
    public String toString() {
        return text;
    }
}
