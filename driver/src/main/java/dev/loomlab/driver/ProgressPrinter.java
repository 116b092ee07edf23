package dev.loomlab.driver;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.hyperfoil.api.statistics.StatisticsSnapshot;

/**
 * The stdout protocol: one JSON object per line, about once a second (on the phase's 1-second grid),
 * then one {@code done} line; a run with a start gate first prints a {@code ready} line once connected. The figures come from the live completion counters: {@code tps} is the
 * number of 2xx responses that completed in the last whole second, {@code requests}/{@code errors}
 * count every completion since the start (warm-up included). They are for watching a run; the files
 * are the result.
 */
final class ProgressPrinter implements HyperfoilRun.TickListener {
    private final PrintStream out;
    private final DriverSpec spec;
    private final long warmupMs;
    private final long phaseMs;
    private final RampGate ramp;
    private final RampGate rise;

    ProgressPrinter(PrintStream out, DriverSpec spec) {
        this.out = out;
        this.spec = spec;
        this.warmupMs = spec.warmupMs();
        this.phaseMs = spec.phaseMs();
        this.ramp = spec.isRamp() ? new RampGate(spec.warmupMs(), spec.stepMs(), spec.rampVus()) : null;
        this.rise = spec.isRising() ? spec.riseGate() : null;
    }

    @Override
    public synchronized void onTick(long elapsedMs, StatisticsSnapshot delta, Completions c) {
        // the tick runs a few ms after each whole second of the phase: the second before it is complete
        int lastSecond = (int) ((elapsedMs + 500) / 1000) - 1;
        long[] totals = c.totals();
        long requests = totals[0];
        long ok = totals[1];
        Map<String, Object> line = new LinkedHashMap<>();
        String phase;
        if (spec.isBurst()) {
            phase = "burst";
        } else {
            // a settling warm-up's window is placed while the load runs: until then it is warm-up
            int from = c.windowFrom();
            long windowStartMs = from < 0 ? Long.MAX_VALUE : spec.settles() ? from * 1000L : warmupMs;
            long windowEndMs = from < 0 ? Long.MAX_VALUE : spec.settles() ? c.windowTo() * 1000L : phaseMs;
            phase = elapsedMs < windowStartMs ? "warmup" : elapsedMs < windowEndMs ? "measure" : "drain";
        }
        line.put("phase", phase);
        line.put("elapsedS", ResultFiles.round3(elapsedMs / 1000.0));
        line.put("tps", lastSecond >= 0 ? (double) c.ok(lastSecond) : 0.0);
        if (spec.settles() && c.windowFrom() >= 0) {
            line.put("warmupS", c.windowFrom());
        }
        line.put("requests", requests);
        line.put("errors", requests - ok);
        if (ramp != null) {
            // the level of the second just reported (the one tps belongs to)
            long at = Math.max(0, lastSecond) * 1000L;
            int level = ramp.levelAt(at);
            if (level < spec.rampVus().length && elapsedMs < phaseMs + 1000) {
                line.put("level", level < 0 ? 0 : level + 1);
                line.put("vus", ramp.activeAt(at));
            }
        }
        if (rise != null && lastSecond >= 0 && elapsedMs < phaseMs + 1000) {
            // the VUs of the second just reported, on a request's ramp
            line.put("vus", rise.activeAt(lastSecond * 1000L));
        }
        if (spec.isBurst()) {
            line.put("started", c.startedCount());
        }
        print(line);
    }

    @Override
    public synchronized void onPrepared() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("phase", "prepared");
        print(line);
    }

    @Override
    public synchronized void onReady() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("phase", "ready");
        print(line);
    }

    synchronized void done(Map<String, Object> line) {
        print(line);
    }

    private void print(Map<String, Object> line) {
        try {
            out.println(ResultFiles.JSON.writeValueAsString(line));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
