package dev.loomlab.lab.cell;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.ceiling.CpuDemand;
import dev.loomlab.lab.ceiling.PinnedCeiling;
import dev.loomlab.lab.ceiling.Resources;
import dev.loomlab.lab.ceiling.Verdict;
import dev.loomlab.lab.fanout.CallCheck;
import dev.loomlab.lab.findings.Findings;
import dev.loomlab.lab.load.LoadResult;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Steadiness;
import dev.loomlab.lab.stats.BatchMeans;
import dev.loomlab.lab.stats.Interval;
import dev.loomlab.load.Protocol;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenario;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/**
 * The last stage: what limited the cell. The ceiling its model and the load allow (known before
 * the cell runs), the verdict on the measured figures, said again for the open model (requests
 * the engine could not send) and the burst (its wall time), the fan-out call check, the findings.
 */
final class Judge {
    private Judge() {
    }

    /** The throughput the cell's server could reach at most, from its threads, pool, carriers and the load's shape. */
    static Ceiling ceiling(Plan plan, Cell cell, Duration serviceTime, int serverJdk, int serverCores) {
        Model model = cell.model().orElse(null);
        Scenario scenario = cell.scenario();
        // A target's threads and pool are unknown: its ceiling is the load's own (VUs / S, the rate, the burst).
        OptionalInt requestThreads = model == null ? OptionalInt.empty() : model.requestThreads(plan.tomcatThreads());
        Scenario ceilingScenario = model == null ? new Scenario(scenario.id(), scenario.method(), scenario.path(),
                scenario.params(), scenario.sql(), false, scenario.responseShape(), scenario.description()) : scenario;
        Ceiling ceiling = switch (plan.workload()) {
            case Workload.Burst b -> Ceiling.ofBurst(requestThreads, ceilingScenario, serviceTime, b.requests(), plan.poolSize());
            case Workload.Open o -> Ceiling.ofOpen(requestThreads, ceilingScenario, serviceTime, o.ratePerSec(), plan.poolSize());
            case Workload.Closed c -> shaped(plan, serviceTime, Ceiling.of(requestThreads, ceilingScenario, serviceTime, c.vus(), plan.poolSize()),
                    vus -> Ceiling.of(requestThreads, ceilingScenario, serviceTime, vus, plan.poolSize()));
        };
        // The server's JDK feature release decides whether synchronized pins (JEP 491).
        ceiling = PinnedCeiling.apply(ceiling, model, scenario, serviceTime, serverJdk, serverCores);
        if (model == null && ceiling.tps() != null) {
            ceiling = new Ceiling(ceiling.tps(), ceiling.limitedBy(), ceiling.formula() + " (assuming the target limits neither threads nor connections)");
        }
        if (!plan.requests().isEmpty()) {
            ceiling = new Ceiling(ceiling.tps(), ceiling.limitedBy(), ceiling.tps() == null
                    ? "no ceiling: your requests' service time could not be measured; a saturation search and the SLOs carry the verdict"
                    : ceiling.formula() + ", S measured at low load"
                            + (model == null ? "" : "; the pool of " + plan.poolSize() + " is not counted (whether a request holds a"
                                    + " connection all along is your application's)"));
        }
        return ceiling;
    }

    /** A shaped window's ceiling: a spike's or a ramp's, from the ceiling at each of its loads; a steady one's as it is. */
    private static Ceiling shaped(Plan plan, Duration serviceTime, Ceiling steady, IntFunction<Ceiling> at) {
        return plan.ramp().isPresent() ? ramped(plan, serviceTime, steady, at) : spiked(plan, steady, at);
    }

    /**
     * A ramped window's ceiling: the mean, over the window's seconds, of the ceiling at the VUs that sent each second's
     * answers — the window's mean TPS is measured over all of them, by completion, and an answer completes a service time
     * after its request was sent (Little's law: a second's answers are the users of {@code S} before it).
     */
    private static Ceiling ramped(Plan plan, Duration serviceTime, Ceiling top, IntFunction<Ceiling> at) {
        Ramp ramp = plan.ramp().orElseThrow();
        Workload.Closed closed = (Workload.Closed) plan.workload();
        Ceiling foot = at.apply(ramp.fromVus());
        if (top.tps() == null || foot.tps() == null) {
            return top;
        }
        long seconds = Math.max(1, plan.window().measure().toSeconds());
        long lagS = Math.round(serviceTime.toMillis() / 1000.0);
        Map<Integer, Double> byVus = new HashMap<>();
        double sum = 0;
        for (long s = 0; s < seconds; s++) {
            sum += byVus.computeIfAbsent(ramp.vusAt(s - lagS, closed), vus -> at.apply(vus).tps());
        }
        return new Ceiling(sum / seconds, top.limitedBy(), String.format(Locale.ROOT, "the ramp's mean over the window's seconds,"
                + " from %s at %d VUs to %s at %d%s", foot.formula(), ramp.fromVus(), top.formula(), closed.vus(),
                lagS == 0 ? "" : ", each second at the VUs of " + lagS + " s before (its answers' senders)"));
    }

    /**
     * A spiked window's ceiling: the steady load's for the window's seconds outside the step and the step's for its own,
     * weighted by time — the window's mean TPS is measured over both.
     */
    private static Ceiling spiked(Plan plan, Ceiling steady, IntFunction<Ceiling> at) {
        if (plan.spike().isEmpty() || steady.tps() == null) {
            return steady;
        }
        Spike spike = plan.spike().get();
        Ceiling step = at.apply(((Workload.Closed) spike.during(plan.workload())).vus());
        double share = (double) spike.length().toMillis() / plan.window().measure().toMillis();
        return new Ceiling((1 - share) * steady.tps() + share * step.tps(), steady.limitedBy(), String.format(Locale.ROOT,
                "%.0f %% of the window at %s, %.0f %% at %s", 100 * (1 - share), steady.formula(), 100 * share, step.formula()));
    }

    /**
     * Whether the CPU's ceiling (cores / CPU per request) bounds a cell: where the CPU did — a cell with no
     * sleep (no other ceiling), or one whose server used its cores. Elsewhere the low-load figure overstates a loaded
     * server's CPU per request (one wake-up serves many requests under load): applied to every cell, mvc-virtual block
     * read 440.9 TPS against a lower "ceiling" with its CPU to spare. A burst is timed by its last answer: a rate of CPU
     * says nothing of that. Asked before the server stops too: the low-load measure runs only where it can bound.
     */
    static boolean cpuCanBound(Plan plan, Ceiling ceiling, Double serverCpuCoresMean, int serverCores) {
        boolean steady = !(plan.workload() instanceof Workload.Burst);
        return steady && (ceiling.tps() == null
                || (serverCpuCoresMean != null && serverCpuCoresMean >= Protocol.CPU_SATURATED * serverCores));
    }

    /**
     * How far the low-load CPU per request may stand from the window's own (server CPU over TPS) and still be the
     * utilization law's input for that window: a fresh clone's quick plan read 0.41–0.79 ms at low load for thread-name
     * cells that spent 0.15–0.17 ms a request under load (a loaded server serves many requests a wake-up), and their
     * "ceilings" stood at a fifth to a half of what they served (283–504 %). Beyond it, the window's own demand is the
     * law's input ({@link CpuDemand#inWindow}).
     */
    static final double LOW_LOAD_AGREES_WITHIN = 1.5;

    /** Whether the CPU per request at low load describes the load of a window that used {@code cores} at {@code tps}. */
    static boolean describesTheLoad(Duration lowLoad, Double cores, double tps) {
        if (cores == null || !(cores > 0) || !(tps > 0)) {
            return true;
        }
        double windowMs = 1000 * cores / tps;
        double lowMs = lowLoad.toNanos() / 1e6;
        return lowMs <= LOW_LOAD_AGREES_WITHIN * windowMs && windowMs <= LOW_LOAD_AGREES_WITHIN * lowMs;
    }

    /**
     * The measured cell's record: verdict, fan-out check and findings; failed after all when the
     * write check found rows and answers disagreeing.
     */
    static CellResult judge(Plan plan, CellResults results, Ceiling ceiling, Optional<Duration> cpuPerRequest, Duration serviceTime,
                            int serverCores, Measure.Figures figures, Map<String, Object> topology) {
        LoadResult load = figures.load();
        Map<String, Double> metrics = figures.metrics();
        Double used = metrics.get("serverCpuCoresMean");
        if (cpuPerRequest.isPresent()) {
            // the utilization law's input, kept with the cell
            metrics = new LinkedHashMap<>(metrics);
            metrics.put("cpuPerRequestLowLoadMs", cpuPerRequest.get().toNanos() / 1e6);
        }
        if (cpuCanBound(plan, ceiling, used, serverCores)) {
            Optional<CpuDemand> demand = cpuPerRequest.filter(low -> describesTheLoad(low, used, load.tps())).map(CpuDemand::atLowLoad)
                    .or(() -> CpuDemand.inWindow(used, load.tps()));
            if (demand.isPresent()) {
                ceiling = ceiling.withCpu(demand.get(), serverCores);
                results = results.withServiceTime(serviceTime, ceiling);
            }
        }
        Double serverCpu = metrics.get("serverCpuCoresMean");
        Optional<List<Long>> okPerSecond = results.okPerSecond();
        // The cell's own noise: the relative half-width of its TPS interval from its seconds' batch means.
        double noise = okPerSecond.map(BatchMeans::interval).map(Interval::relative).orElse(Double.NaN);
        Resources resources = Resources.of(figures.rows(), results.cpus(), load.durationS(), serverCpu, serverCores, serverCores, metrics);
        Steadiness steady = plan.workload() instanceof Workload.Burst
                ? new Steadiness(Steadiness.State.NOT_JUDGED, "unknown", "a burst has no steady state: it is timed from its first send to its last answer")
                : plan.spike().isPresent() || plan.ramp().isPresent()
                // a drift in such a window is what the shape made: the shape's own figures say what the load did
                ? new Steadiness(Steadiness.State.NOT_JUDGED, "unknown", "the load changes inside the window by design ("
                        + plan.shape().spelling() + "): its figures are the shape's, not a steady state's")
                : SteadyCheck.of(results.warmed(), okPerSecond,
                        plan.workload() instanceof Workload.Open ? results.latencyP50PerSecond() : List.of());
        Verdict verdict = unsettled(steady, ceiling, load,
                verdict(plan, Verdict.of(ceiling, load.tps(), load.requests(), load.errors(), resources, noise), load));
        FanOutDownstream.Count calls = figures.calls();
        if (calls.measured()) {
            CallCheck check = calls.check(load, plan, serviceTime);
            metrics = new LinkedHashMap<>(metrics);
            metrics.putAll(calls.metrics(check));
            if (check != null && check.conclusive() && !check.passed()) {
                verdict = new Verdict("wrong-calls", check.finding() + "; " + verdict.note());
            }
        }
        CellResult cell = results.measured(load, verdict, serverCpu, figures.timeseries(), metrics, figures.jfrEvents(), okPerSecond, steady)
                .withTopology(topology);
        cell = ShapeRecord.of(plan.shape(), plan.workload(), figures.rows(), results, (int) Math.round(load.durationS())).map(cell::withShapeFigures)
                .orElse(cell);
        cell = cell.withFindings(Findings.evaluate(cell, figures.rows(), serverCores));
        return figures.writeCheck().map(cell::failedBecause).orElse(cell);
    }

    /**
     * A cell not in steady state is not judged against its ceiling: what it reached says as much about its warm-up as
     * about its model. Its errors still come first: they are results whatever the state.
     */
    private static Verdict unsettled(Steadiness steady, Ceiling ceiling, LoadResult load, Verdict verdict) {
        if (!steady.notSettled() || verdict.limitedBy().equals("errors")) {
            return verdict;
        }
        Double ratio = ceiling.ratio(load.tps());
        return new Verdict("not-settled", String.format(Locale.ROOT, "not settled: %s — %.1f TPS%s, not judged against its ceiling",
                steady.why(), load.tps(), ratio == null ? "" : String.format(Locale.ROOT, " (%.1f %% of %s)", 100 * ratio, ceiling.formula())));
    }

    /** The ceiling's verdict, said again for the load's shape: what the open model could not send, how long a burst took. */
    private static Verdict verdict(Plan plan, Verdict verdict, LoadResult load) {
        if (plan.workload() instanceof Workload.Open open && load.unsent() > 0) {
            // Requests the engine could not send would hide a stalled server: the cell says so first.
            return new Verdict("driver", String.format(Locale.ROOT,
                    "open model: %d of the scheduled requests could not be sent (requested %.1f/s, achieved %.1f/s) — the engine, not the server, limited this cell; %s",
                    load.unsent(), open.ratePerSec(), load.achievedRate(), verdict.note()));
        } else if (plan.workload() instanceof Workload.Burst burst) {
            return new Verdict(verdict.limitedBy(), String.format(Locale.ROOT,
                    "burst of %d: the last answer came after %.2f s; %s", burst.requests(),
                    load.wallTimeMs() == null ? Double.NaN : load.wallTimeMs() / 1000, verdict.note()));
        } else if (plan.workload() instanceof Workload.Open open) {
            return new Verdict(verdict.limitedBy(), String.format(Locale.ROOT,
                    "open model: requested %.1f/s, achieved %.1f/s, 0 unsent; %s", open.ratePerSec(), load.achievedRate(), verdict.note()));
        }
        return verdict;
    }
}
