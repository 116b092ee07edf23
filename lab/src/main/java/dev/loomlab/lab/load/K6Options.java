package dev.loomlab.lab.load;

import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The k6 options of a cell's script ({@code <cell>.k6.js}): its scenarios, each covering warm-up and window. A steady
 * closed load is one {@code constant-vus} scenario, an open one {@code constant-arrival-rate}; a spike adds a second
 * scenario of its own ({@link #SPIKE}) and a ramp makes the closed one {@code ramping-vus}. The script counts every
 * scenario's requests from the first scenario's start ({@link #startsMs}), so the window is the same for all.
 */
final class K6Options {
    /** The scenario that runs through warm-up and window. */
    static final String CELL = "cell";
    /** A spike's extra users. */
    static final String SPIKE = "spike";
    /** Most VUs the open model may allocate: k6 holds ~0.25 MB per VU (758 MB at 3,000 measured here). */
    static final int MAX_OPEN_VUS = 10_000;
    /** Pre-allocated VUs of the open model cover this many seconds of arrivals without allocating mid-run. */
    static final double PREALLOCATED_SECONDS = 2.0;

    private K6Options() {
    }

    static Map<String, Object> of(LoadSpec spec) {
        Map<String, Object> scenarios = new LinkedHashMap<>();
        scenarios.put(CELL, cell(spec));
        if (spec.spike() != null) {
            scenarios.put(SPIKE, spike(spec, spec.spike()));
        }
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("discardResponseBodies", true);
        options.put("maxRedirects", 0);
        options.put("summaryTrendStats", trendStats());
        options.put("scenarios", scenarios);
        return options;
    }

    /** When each scenario starts after the first (ms): the script times the window of every one from the first's start. */
    static Map<String, Long> startsMs(LoadSpec spec) {
        Map<String, Long> starts = new LinkedHashMap<>();
        starts.put(CELL, 0L);
        if (spec.spike() != null) {
            starts.put(SPIKE, spec.warmup().plus(spec.spike().at()).toMillis());
        }
        return starts;
    }

    private static Map<String, Object> cell(LoadSpec spec) {
        long totalMs = spec.warmup().toMillis() + spec.duration().toMillis();
        Map<String, Object> scenario = new LinkedHashMap<>();
        switch (spec.workload()) {
            case Workload.Open open -> {
                open(scenario, open.ratePerSec(), spec);
                scenario.put("duration", totalMs + "ms");
            }
            case Workload.Closed closed when spec.ramp() != null -> {
                // the stages last warm-up and window
                scenario.put("executor", "ramping-vus");
                scenario.put("startVUs", spec.ramp().fromVus());
                scenario.put("stages", rampStages(spec, spec.ramp(), closed));
            }
            case Workload.Closed closed -> {
                scenario.put("executor", "constant-vus");
                scenario.put("vus", closed.vus());
                scenario.put("duration", totalMs + "ms");
            }
            case Workload.Burst burst -> throw EngineCatalog.refused(K6Engine.ID, spec);
        }
        return stopping(scenario, spec);
    }

    private static void open(Map<String, Object> scenario, double rate, LoadSpec spec) {
        scenario.put("executor", "constant-arrival-rate");
        if (rate == Math.rint(rate)) {
            scenario.put("rate", (long) rate);
            scenario.put("timeUnit", "1s");
        } else {
            // k6's rate is a whole number per timeUnit: 12.5/s is 12500 per 1000 s.
            scenario.put("rate", Math.round(rate * 1000));
            scenario.put("timeUnit", "1000s");
        }
        int[] vus = openModelVus(rate, spec.requestTimeout().toMillis() / 1000.0);
        scenario.put("preAllocatedVUs", vus[0]);
        scenario.put("maxVUs", vus[1]);
    }

    /**
     * A spike's extra users, (factor − 1) × the VUs, in a scenario of their own from the step's start for its length: as
     * the Hyperfoil driver steps, the steady users run on untouched and the extra ones send only during the step (their
     * requests in flight at its end finish, and count by their start like any other). One {@code ramping-vus} scenario
     * stepping all the users would do the same, but its ramp-down stops whichever VUs it picks, steady ones too.
     */
    private static Map<String, Object> spike(LoadSpec spec, Spike spike) {
        if (!(spec.workload() instanceof Workload.Closed closed)) {
            throw new LoadException("k6 steps a closed load only, got a spike of " + spec.workload().describe());
        }
        int extra = ((Workload.Closed) spike.during(closed)).vus() - closed.vus();
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("executor", "constant-vus");
        scenario.put("vus", Math.max(1, extra));
        scenario.put("startTime", startsMs(spec).get(SPIKE) + "ms");
        scenario.put("duration", spike.length().toMillis() + "ms");
        return stopping(scenario, spec);
    }

    /**
     * A ramp's stages: {@code fromVus} through the warm-up and the window's first second, then each whole second of the
     * window at its level ({@link Ramp#vusAt}), each change a step of no duration, the top held to the window's end. A
     * single linear stage would move the VUs within each second, off the levels the ramp's figures are read against by
     * half a level.
     */
    static List<Map<String, Object>> rampStages(LoadSpec spec, Ramp ramp, Workload.Closed top) {
        List<Map<String, Object>> stages = new ArrayList<>();
        long windowMs = spec.duration().toMillis();
        long holdMs = spec.warmup().toMillis();
        int level = ramp.fromVus();
        for (long s = 0; s < windowMs / 1000; s++) {
            int next = ramp.vusAt(s, top);
            if (next != level) {
                stages.add(stage(holdMs, level));
                stages.add(stage(0, next));
                level = next;
                holdMs = 0;
            }
            holdMs += 1000;
        }
        stages.add(stage(holdMs + windowMs % 1000, level));
        return stages;
    }

    private static Map<String, Object> stage(long ms, int vus) {
        Map<String, Object> stage = new LinkedHashMap<>();
        stage.put("duration", ms + "ms");
        stage.put("target", vus);
        return stage;
    }

    private static Map<String, Object> stopping(Map<String, Object> scenario, LoadSpec spec) {
        // Requests started before the end finish (or time out) before k6 stops them.
        scenario.put("gracefulStop", (spec.requestTimeout().toMillis() + 5000) + "ms");
        return scenario;
    }

    /**
     * Little's law: at most {@code rate × timeout} requests are in flight when each lasts at most
     * the timeout, so that many VUs can never be short; capped at {@link #MAX_OPEN_VUS}.
     */
    static int[] openModelVus(double rate, double timeoutS) {
        int max = (int) Math.min(MAX_OPEN_VUS, Math.ceil(rate * timeoutS) + 1);
        int pre = (int) Math.min(max, Math.max(10, Math.ceil(rate * PREALLOCATED_SECONDS)));
        return new int[] {pre, max};
    }

    static List<String> trendStats() {
        Set<String> stats = new LinkedHashSet<>(List.of("avg", "min", "med", "max", "count", "p(90)", "p(99)", "p(99.9)"));
        for (String p : PercentileHistogram.GRID) {
            stats.add("p(" + p + ")");
        }
        return new ArrayList<>(stats);
    }
}
