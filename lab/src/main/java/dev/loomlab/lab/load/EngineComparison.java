package dev.loomlab.lab.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The same cell measured by several engines, compared with a baseline (Hyperfoil when it ran):
 * TPS within ±{@value #TPS_BOUND_PCT} % and p50 within ±{@value #P50_BOUND_PCT} % (the issue's
 * bounds for {@code block} at 1,000 VUs on mvc-virtual) pass; p90, p99 and max are shown, not
 * judged — wrk's tail is a CO-corrected estimate, and tails differ by engine design anyway.
 */
public final class EngineComparison {
    public static final double TPS_BOUND_PCT = 3.0;
    public static final double P50_BOUND_PCT = 2.0;
    /** Cores used by processes other than the server and the engine above which a window is called disturbed. */
    public static final double DISTURBED_CORES = 0.25;

    /**
     * One engine's measurement of the cell, or why it has none.
     *
     * @param machineBusyCores the whole machine's busy cores over the window (every process, ours or not)
     */
    public record Run(String engine, LoadResult result, String failure, Double serverCpuCores, Double machineBusyCores) {
        public static Run measured(LoadResult result, Double serverCpuCores, Double machineBusyCores) {
            return new Run(result.engine(), result, null, serverCpuCores, machineBusyCores);
        }

        public static Run failed(String engine, String failure) {
            return new Run(engine, null, failure, null, null);
        }

        /** Cores that neither the server nor the engine used in the window (the database's included), or null. */
        public Double otherCores() {
            if (result == null || machineBusyCores == null || serverCpuCores == null || result.driverCpuS() < 0
                    || result.durationS() <= 0) {
                return null;
            }
            return Math.max(0, machineBusyCores - serverCpuCores - result.driverCpuS() / result.durationS());
        }

        public boolean ok() {
            return result != null;
        }

        /** The engine's own CPU per 1,000 requests of the window, or null when unknown. */
        public Double cpuSecondsPer1kRequests() {
            return result == null || result.driverCpuS() < 0 || result.requests() == 0 ? null
                    : result.driverCpuS() * 1000.0 / result.requests();
        }

        long errors() {
            return result == null ? 0 : result.errors().values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final List<Run> runs;
    private final Run baseline;

    public EngineComparison(List<Run> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("nothing to compare");
        }
        this.runs = List.copyOf(runs);
        this.baseline = runs.stream().filter(r -> r.engine().equals("hyperfoil")).findFirst().orElse(runs.getFirst());
    }

    public Run baseline() {
        return baseline;
    }

    public List<Run> runs() {
        return runs;
    }

    /** (value − baseline) / baseline in %, or null when either is missing or the baseline is 0. */
    static Double diffPct(double value, double base) {
        return base == 0 ? null : (value - base) * 100.0 / base;
    }

    public Double tpsDiffPct(Run run) {
        return run.ok() && baseline.ok() ? diffPct(run.result().tps(), baseline.result().tps()) : null;
    }

    public Double p50DiffPct(Run run) {
        return run.ok() && baseline.ok() ? diffPct(run.result().latency().p50Ms(), baseline.result().latency().p50Ms()) : null;
    }

    /** Measured, and (unless it is the baseline) TPS and p50 within the bounds. */
    public boolean withinBounds(Run run) {
        if (!run.ok() || !baseline.ok()) {
            return false;
        }
        if (run == baseline) {
            return true;
        }
        Double tps = tpsDiffPct(run);
        Double p50 = p50DiffPct(run);
        return tps != null && p50 != null && Math.abs(tps) <= TPS_BOUND_PCT && Math.abs(p50) <= P50_BOUND_PCT;
    }

    public boolean passed() {
        return runs.size() > 1 && runs.stream().allMatch(this::withinBounds);
    }

    public String verdict(Run run) {
        if (!run.ok()) {
            return "FAILED: " + run.failure();
        }
        if (run == baseline) {
            return "baseline";
        }
        if (!baseline.ok()) {
            return "no baseline";
        }
        List<String> out = new ArrayList<>();
        Double tps = tpsDiffPct(run);
        Double p50 = p50DiffPct(run);
        if (tps == null || Math.abs(tps) > TPS_BOUND_PCT) {
            out.add(String.format(Locale.ROOT, "TPS %s beyond ±%.0f %%", pct(tps), TPS_BOUND_PCT));
        }
        if (p50 == null || Math.abs(p50) > P50_BOUND_PCT) {
            out.add(String.format(Locale.ROOT, "p50 %s beyond ±%.0f %%", pct(p50), P50_BOUND_PCT));
        }
        return out.isEmpty() ? "within bounds" : "OUT: " + String.join(", ", out);
    }

    /** The console table, then the bounds, the notes and the outcome. */
    public String render() {
        String head = String.format(Locale.ROOT, "%-10s %9s %9s %9s %9s %9s %7s %13s %7s %8s %8s %8s %8s %8s  %s",
                "engine", "TPS", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "CPU-s/1k req", "others",
                "ΔTPS", "Δp50", "Δp90", "Δp99", "Δmax", "verdict");
        StringBuilder b = new StringBuilder(head).append('\n');
        for (Run run : runs) {
            if (!run.ok()) {
                b.append(String.format(Locale.ROOT, "%-10s %s%n", run.engine(), verdict(run)));
                continue;
            }
            LoadResult r = run.result();
            LoadResult base = baseline.ok() ? baseline.result() : null;
            boolean self = run == baseline || base == null;
            Latencies l = r.latency();
            Latencies lb = self ? null : base.latency();
            b.append(String.format(Locale.ROOT, "%-10s %9.1f %9.1f %9.1f %9.1f %9.1f %7d %13s %7s %8s %8s %8s %8s %8s  %s%n",
                    run.engine(), r.tps(), l.p50Ms(), l.p90Ms(), l.p99Ms(), l.maxMs(), run.errors(),
                    run.cpuSecondsPer1kRequests() == null ? "?" : String.format(Locale.ROOT, "%.3f", run.cpuSecondsPer1kRequests()),
                    run.otherCores() == null ? "?" : String.format(Locale.ROOT, "%.2f", run.otherCores()),
                    self ? "—" : pct(diffPct(r.tps(), base.tps())), self ? "—" : pct(diffPct(l.p50Ms(), lb.p50Ms())),
                    self ? "—" : pct(diffPct(l.p90Ms(), lb.p90Ms())), self ? "—" : pct(diffPct(l.p99Ms(), lb.p99Ms())),
                    self ? "—" : pct(diffPct(l.maxMs(), lb.maxMs())), verdict(run)));
        }
        b.append(String.format(Locale.ROOT, "bounds: TPS within ±%.0f %% and p50 within ±%.0f %% of %s (Δ = engine vs %s)%n",
                TPS_BOUND_PCT, P50_BOUND_PCT, baseline.engine(), baseline.engine()));
        for (String note : notes()) {
            b.append("note: ").append(note).append('\n');
        }
        b.append(passed() ? "crosscheck: PASSED" : "crosscheck: FAILED").append('\n');
        return b.toString();
    }

    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        if (runs.stream().anyMatch(r -> r.ok() && r.result().engineVersion().contains(WrkEngine.CO_NOTE))) {
            notes.add("wrk's tail percentiles are CO-corrected estimates (wrk adds synthetic samples to its histogram after"
                    + " the run): compare its p99 and max with care; they are not part of pass/fail");
        }
        for (Run run : runs) {
            Double other = run.otherCores();
            if (other != null && other > DISTURBED_CORES) {
                notes.add(String.format(Locale.ROOT, "DISTURBED: in %s's window other processes kept %.2f of the %d cores busy"
                                + " (the machine: %.2f busy; server %.2f, engine %.2f): a difference may be the machine's, not the"
                                + " engine's — rerun on a quiet machine", run.engine(), other, Runtime.getRuntime().availableProcessors(),
                        run.machineBusyCores(), run.serverCpuCores(), run.result().driverCpuS() / run.result().durationS()));
            }
        }
        notes.add("p90, p99 and max are shown, not judged; CPU-s/1k req is the engine process's own CPU over the window;"
                + " others = cores busy with anything but the server and the engine (the database included)");
        return notes;
    }

    /** The comparison as JSON-ready maps (written to {@code crosscheck.json}). */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("baseline", baseline.engine());
        m.put("bounds", Map.of("tpsPct", TPS_BOUND_PCT, "p50Pct", P50_BOUND_PCT));
        m.put("passed", passed());
        List<Map<String, Object>> engines = new ArrayList<>();
        for (Run run : runs) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("engine", run.engine());
            e.put("status", run.ok() ? "ok" : "failed");
            e.put("failure", run.failure());
            e.put("result", run.result());
            e.put("serverCpuCores", run.serverCpuCores());
            e.put("machineBusyCores", run.machineBusyCores());
            e.put("otherCores", run.otherCores());
            e.put("driverCpuSPer1kRequests", run.cpuSecondsPer1kRequests());
            if (run.ok() && baseline.ok() && run != baseline) {
                LoadResult r = run.result();
                LoadResult base = baseline.result();
                Latencies l = r.latency();
                Latencies lb = base.latency();
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("tps", diffPct(r.tps(), base.tps()));
                d.put("p50", diffPct(l.p50Ms(), lb.p50Ms()));
                d.put("p90", diffPct(l.p90Ms(), lb.p90Ms()));
                d.put("p99", diffPct(l.p99Ms(), lb.p99Ms()));
                d.put("max", diffPct(l.maxMs(), lb.maxMs()));
                e.put("diffVsBaselinePct", d);
            }
            e.put("withinBounds", withinBounds(run));
            e.put("verdict", verdict(run));
            engines.add(e);
        }
        m.put("engines", engines);
        m.put("notes", notes());
        return m;
    }

    static String pct(Double v) {
        return v == null ? "?" : String.format(Locale.ROOT, "%+.1f%%", v);
    }
}
