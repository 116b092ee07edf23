package dev.loomlab.driver;

import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.Limits;
import dev.loomlab.load.Workload;
import java.util.Arrays;
import java.util.Optional;

/**
 * What this driver process was told to run: the {@link DriverRequest} as the lab (its {@code --request} file) or the
 * flags gave it, with the driver's own defaults resolved. Nothing here is validated again: the request's constructor did it.
 *
 * @param target       the parsed target URL
 * @param maxSessions  how many requests may be in flight at once (Hyperfoil sessions)
 * @param connections  HTTP/1.1 connections the driver keeps open to the target
 * @param threads      Hyperfoil event-loop threads
 * @param rampVus      a closed-model ramp (a driver-only shape): the VUs of each level; {@code null} otherwise
 * @param stepMs       ramp: duration of each level (whole seconds); 0 otherwise
 */
record DriverSpec(DriverRequest request, Target target, int maxSessions, int connections, int threads, int[] rampVus, long stepMs) {

    /** The driver's defaults for what the request leaves open. */
    static DriverSpec of(DriverRequest request, Target target, int[] rampVus, long stepMs) {
        Workload w = request.workload();
        int sessions = switch (w) {
            case Workload.Burst b -> b.requests();
            // a spike's extra users are sessions from the start, held at its gate until the step ({@link SpikeGate})
            case Workload.Closed c when request.spike() != null -> ((Workload.Closed) request.spike().during(c)).vus();
            // a ramp's are its top's VUs, each held at the gate until the ramp reaches it ({@link #riseGate})
            case Workload.Closed c -> c.vus();
            case Workload.Open o -> request.maxSessions() != null ? request.maxSessions()
                    : defaultMaxSessions(o.ratePerSec(), request.requestTimeout().toMillis());
        };
        int conns = request.connections() != null ? request.connections()
                : w instanceof Workload.Closed ? sessions : Math.min(sessions, Limits.MAX_DEFAULT_CONNECTIONS);
        int t = request.threads() != null ? request.threads() : Runtime.getRuntime().availableProcessors();
        return new DriverSpec(request, target, sessions, conns, Math.min(t, Math.min(conns, sessions)), rampVus, stepMs);
    }

    /**
     * Open model: enough sessions that arrivals are never delayed while every request resolves
     * within the timeout (Little's law: in flight <= rate x timeout), at least 1000, at most 200000
     * (about 8 KB of heap each).
     */
    static int defaultMaxSessions(double rate, long timeoutMs) {
        double littles = Math.ceil(rate * timeoutMs / 1000.0);
        return (int) Math.max(1000, Math.min(Limits.MAX_DEFAULT_SESSIONS, littles));
    }

    Workload workload() {
        return request.workload();
    }

    String method() {
        return request.method();
    }

    String body() {
        return request.body();
    }

    String contentType() {
        return request.contentType();
    }

    long warmupMs() {
        return request.window().warmup().toMillis();
    }

    /** The longest a settling warm-up may last; the warm-up itself when it is fixed. */
    long warmupMaxMs() {
        return request.window().warmupMax().toMillis();
    }

    /** Whether the warm-up lasts until the load has settled (see {@link WarmupWatch}). */
    boolean settles() {
        return !isBurst() && request.window().settles();
    }

    long durationMs() {
        return request.window().measure().toMillis();
    }

    long timeoutMs() {
        return request.requestTimeout().toMillis();
    }

    /** Closed model (VUs), steady or ramp. */
    boolean closed() {
        return workload() instanceof Workload.Closed;
    }

    boolean isBurst() {
        return workload() instanceof Workload.Burst;
    }

    boolean isRamp() {
        return rampVus != null;
    }

    /** A closed load stepped up inside its window and back (the request's {@code spike}). */
    boolean isSpike() {
        return request.spike() != null;
    }

    /** A closed load rising inside its window (the request's {@code ramp}; the by-hand {@code --ramp} is {@link #isRamp}). */
    boolean isRising() {
        return request.ramp() != null;
    }

    /**
     * The gate of a load whose users do not all send all along: the by-hand ramp's levels, a spike's step, a request's
     * ramp; empty for a steady load and a burst.
     */
    Optional<SessionGate> gate() {
        if (isRamp()) {
            return Optional.of(new RampGate(warmupMs(), stepMs(), rampVus()));
        }
        return isSpike() ? Optional.of(spikeGate()) : isRising() ? Optional.of(riseGate()) : Optional.empty();
    }

    /**
     * A request's ramp as {@link RampGate} levels of one second each from the window's start, one per second of the
     * window (a level the ramp has reached stays to the window's end): its first level through the warm-up, then
     * {@link dev.loomlab.load.Ramp#vusAt} of each second, so that session i sends from the second the ramp reaches i + 1 VUs.
     */
    RampGate riseGate() {
        int[] levels = new int[(int) ((durationMs() + 999) / 1000)];
        for (int k = 0; k < levels.length; k++) {
            levels[k] = request.ramp().vusAt(k, (Workload.Closed) workload());
        }
        return new RampGate(warmupMs(), 1000, levels);
    }

    /** The spike's gate: the steady VUs, and the step's start and end from the phase start (a fixed warm-up, then the window). */
    SpikeGate spikeGate() {
        return new SpikeGate(vus(), warmupMs() + request.spike().at().toMillis(), warmupMs() + request.spike().end().toMillis());
    }

    /** Closed model: the VUs (a ramp's largest level); null otherwise. */
    Integer vus() {
        return workload() instanceof Workload.Closed c ? c.vus() : null;
    }

    /** Open model: the rate; null otherwise. */
    Double rate() {
        return workload() instanceof Workload.Open o ? o.ratePerSec() : null;
    }

    /** Burst: its size; null otherwise. */
    Integer burst() {
        return workload() instanceof Workload.Burst b ? b.requests() : null;
    }

    /** "closed", "open" or "burst". A ramp is "closed" (its shape says "ramp"). */
    String model() {
        return workload().shape();
    }

    /** "steady", "ramp" (by hand or the request's), "spike" or "burst". */
    String shape() {
        return isBurst() ? "burst" : isRamp() || isRising() ? "ramp" : isSpike() ? "spike" : "steady";
    }

    /** Whole seconds of warm-up: the first statistics interval that counts. */
    int firstMeasuredInterval() {
        return (int) ((warmupMs() + 999) / 1000);
    }

    /** Exclusive end of the measured statistics intervals (1 s each, counted from the phase start). */
    int endMeasuredInterval() {
        return (int) ((warmupMs() + durationMs()) / 1000);
    }

    /** Ramp: the first statistics interval of level k (0-based). */
    int levelFirstInterval(int k) {
        return (int) ((warmupMs() + k * stepMs) / 1000);
    }

    /**
     * The Hyperfoil phase's planned duration: warm-up + window, the longest warm-up for a settling one (whose load ends
     * earlier once its window is placed); 0 for a burst: it ends when its requests have.
     */
    long phaseMs() {
        return isBurst() ? 0 : warmupMaxMs() + durationMs();
    }

    String describe() {
        String on = ", " + method() + " " + target.url();
        if (isRamp()) {
            return "closed-model ramp, VUs " + Arrays.toString(rampVus) + ", " + stepMs + " ms each" + on;
        }
        return switch (workload()) {
            case Workload.Burst b -> "burst of " + b.requests() + " requests" + on;
            case Workload.Closed c -> "closed model, " + c.vus() + " VUs" + (isSpike() ? ", " + request.spike().spelling() : "")
                    + (isRising() ? ", " + request.ramp().spelling() : "") + on;
            case Workload.Open o -> "open model, " + o.describe().replace("requests/s", "req/s") + " (max " + maxSessions + " sessions)" + on;
        };
    }
}
