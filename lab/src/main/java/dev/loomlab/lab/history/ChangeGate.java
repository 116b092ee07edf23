package dev.loomlab.lab.history;

import dev.loomlab.lab.slo.JunitReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --fail-on-change}: each series' latest run judged ({@link LatestRun}); the gate fails when any regressed.
 * As the SLO gate, its verdict is a JUnit XML report: one test case per series (a figure of a cell of a group).
 */
public record ChangeGate(List<LatestRun> verdicts) {
    public static final String FILE = "history-junit.xml";

    public ChangeGate {
        verdicts = List.copyOf(verdicts);
    }

    public static ChangeGate of(List<History> histories, double margin) {
        List<LatestRun> verdicts = new ArrayList<>();
        histories.forEach(h -> h.series().forEach(s -> verdicts.add(LatestRun.of(s, margin))));
        return new ChangeGate(verdicts);
    }

    public boolean passed() {
        return verdicts.stream().noneMatch(LatestRun::regressed);
    }

    public List<LatestRun> regressions() {
        return verdicts.stream().filter(LatestRun::regressed).toList();
    }

    public List<JunitReport.Case> cases() {
        return verdicts.stream().map(v -> new JunitReport.Case(
                "loomlab.history." + v.series().model() + "." + v.series().scenario(), v.series().figure().title(), 0,
                v.regressed() ? v.text() : null, "change")).toList();
    }

    /** {@code 2 of 36 figures regressed in their latest run} */
    public String line() {
        return String.format(Locale.ROOT, "%d of %d figures regressed in their latest run", regressions().size(), verdicts.size());
    }
}
