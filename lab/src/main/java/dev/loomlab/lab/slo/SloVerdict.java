package dev.loomlab.lab.slo;

import dev.loomlab.lab.plan.Threshold;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Every cell of a run against every threshold of its plan: pass or fail, with the measured figure. A cell that
 * was not measured fails each of its thresholds (nothing shows it met them). A run without thresholds has none.
 */
public record SloVerdict(List<Check> checks) {

    /** One threshold on one cell. */
    public record Check(String cell, Threshold threshold, OptionalDouble measured, boolean passed, double seconds) {
        public String measuredText() {
            return measured.isPresent() ? threshold.shown(measured.getAsDouble()) : "not measured";
        }
    }

    public SloVerdict {
        checks = List.copyOf(checks);
    }

    public static SloVerdict of(List<Threshold> thresholds, List<CellResult> cells) {
        List<Check> checks = new ArrayList<>();
        for (CellResult cell : cells) {
            for (Threshold t : thresholds) {
                OptionalDouble measured = measured(t, cell);
                checks.add(new Check(cell.label() + " " + cell.scenario() + " r" + cell.round(), t, measured,
                        measured.isPresent() && t.comparison().holds(measured.getAsDouble(), t.value()), cell.durationS()));
            }
        }
        return new SloVerdict(checks);
    }

    /** The cell's figure {@code t} is about, or empty when the cell was not measured (it then meets no threshold). */
    static OptionalDouble measured(Threshold t, CellResult cell) {
        if (!cell.succeeded()) {
            return OptionalDouble.empty();
        }
        if (t.request().isEmpty()) {
            return OptionalDouble.of(switch (t.measure()) {
                case P50 -> cell.p50Ms();
                case P90 -> cell.p90Ms();
                case P99 -> cell.p99Ms();
                case MAX -> cell.maxMs();
                case ERRORS -> errorPercent(cell);
                case TPS -> cell.tps();
            });
        }
        Map<String, Double> metrics = cell.metrics() == null ? Map.of() : cell.metrics();
        String prefix = Threshold.REQUEST_METRICS + t.request().get() + ".";
        if (t.measure() == Threshold.Measure.ERRORS) {
            Double errors = metrics.get(prefix + "errors");
            Double requests = metrics.get(prefix + "requests");
            return errors == null || requests == null ? OptionalDouble.empty()
                    : OptionalDouble.of(requests == 0 ? 0 : 100.0 * errors / requests);
        }
        Double figure = metrics.get(prefix + t.measure().requestFigure());
        return figure == null ? OptionalDouble.empty() : OptionalDouble.of(figure);
    }

    /** Requests that failed, in percent of all sent: every error kind the engine counted. */
    static double errorPercent(CellResult cell) {
        long failed = cell.errors() == null ? 0 : cell.errors().values().stream().mapToLong(Long::longValue).sum();
        return cell.requests() == 0 ? 0 : 100.0 * failed / cell.requests();
    }

    /** The run's cells against the thresholds of the plan its manifest records. */
    public static SloVerdict of(Manifest manifest, List<CellResult> cells) {
        List<Threshold> thresholds = manifest.plan() == null || manifest.plan().slo() == null ? List.of() : manifest.plan().slo();
        return of(thresholds, cells);
    }

    public boolean any() {
        return !checks.isEmpty();
    }

    public boolean passed() {
        return checks.stream().allMatch(Check::passed);
    }

    public long failures() {
        return checks.stream().filter(c -> !c.passed()).count();
    }

    /** The summary's section: one line per check, then the verdict. */
    public String markdown() {
        StringBuilder s = new StringBuilder("## SLO thresholds\n\n| cell | threshold | measured | verdict |\n|---|---|---|---|\n");
        for (Check c : checks) {
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", c.cell(), c.threshold(), c.measuredText(),
                    c.passed() ? "pass" : "FAIL"));
        }
        s.append('\n').append(line()).append('\n');
        return s.toString();
    }

    /** One line: all passed, or how many failed. */
    public String line() {
        return passed() ? "SLO: all " + checks.size() + " thresholds passed"
                : "SLO: " + failures() + " of " + checks.size() + " thresholds failed";
    }
}
