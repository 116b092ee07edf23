package dev.loomlab.lab.report;

import dev.loomlab.lab.plan.Threshold;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.load.HttpCall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One request of a plan's mix in one cell, as the cell's metrics hold it ({@code request.NAME.FIGURE}, written by the
 * cell from the driver's per-request file): what a run of the user's own service is read for, request by request.
 * A figure the cell did not record is NaN (shown "—"), never 0.
 *
 * @param cell     the cell it was measured in (its label, scenario, round, engine and censoring)
 * @param request  the request's name in the plan
 * @param tps      its requests in the window / the window
 * @param requests sent in the window
 * @param errors   of those, the ones that failed
 */
record EachRequest(CellResult cell, String request, double tps, double requests, double errors, double p50Ms, double p90Ms,
                   double p99Ms, double maxMs) {
    private static final String PREFIX = Threshold.REQUEST_METRICS;

    /** Its errors in percent of its requests; NaN when it sent none. */
    double errorPercent() {
        return requests > 0 ? 100 * errors / requests : Double.NaN;
    }

    /**
     * Every request of every succeeded cell, by scenario, model and round as the run lists them, then in the plan's
     * order of requests (a name only the cells know follows, alphabetically). Empty for a run without a mix: a run of
     * the lab's own servers has none.
     */
    static List<EachRequest> of(Manifest manifest, RunFacts run, List<CellResult> cells) {
        List<EachRequest> out = new ArrayList<>();
        List<CellResult> ordered = cells.stream().filter(ReportText::succeeded)
                .sorted(Comparator.comparingInt((CellResult c) -> run.scenarios().indexOf(c.scenario()))
                        .thenComparingInt(c -> run.models().indexOf(c.label())).thenComparingInt(CellResult::round))
                .toList();
        for (CellResult c : ordered) {
            for (String name : names(manifest, c)) {
                out.add(of(c, name));
            }
        }
        return out;
    }

    private static EachRequest of(CellResult c, String name) {
        Map<String, Double> m = c.metrics();
        String p = PREFIX + name + ".";
        return new EachRequest(c, name, figure(m, p + "tps"), figure(m, p + "requests"), figure(m, p + "errors"),
                figure(m, p + "p50Ms"), figure(m, p + "p90Ms"), figure(m, p + "p99Ms"), figure(m, p + "maxMs"));
    }

    /** The requests {@code c} has figures for: the plan's first, in its order. */
    private static List<String> names(Manifest manifest, CellResult c) {
        if (c.metrics() == null) {
            return List.of();
        }
        Set<String> measured = new TreeSet<>();
        for (String key : c.metrics().keySet()) {
            int dot = key.lastIndexOf('.');
            if (key.startsWith(PREFIX) && dot > PREFIX.length()) {
                measured.add(key.substring(PREFIX.length(), dot));
            }
        }
        Set<String> out = new LinkedHashSet<>();
        planned(manifest).stream().filter(measured::contains).forEach(out::add);
        out.addAll(measured);
        return List.copyOf(out);
    }

    private static List<String> planned(Manifest manifest) {
        List<HttpCall> calls = manifest.plan() == null ? null : manifest.plan().requests();
        return calls == null ? List.of() : calls.stream().map(HttpCall::name).toList();
    }

    private static double figure(Map<String, Double> metrics, String key) {
        Double v = metrics.get(key);
        return v == null ? Double.NaN : v;
    }
}
