package dev.loomlab.lab.ceiling;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * A server's CPU per request — the utilization law's service demand (throughput ≤ cores / demand) — and where it was
 * measured. At low load, after the window, it is an estimate apart from the window's figures, and a cell can read
 * above the ceiling it gives. Where that figure does not describe a loaded server (one wake-up serves many requests
 * under load: the quick plan's thread-name cells spent 0.137–0.208 ms a request at low load and 0.027–0.029 ms in their
 * windows), the window's own demand (its server CPU over its TPS) is the law's input: the ceiling then says how far the
 * server's cores were from full, no more — the share of it a cell reads is its server's share of its cores.
 *
 * @param perRequest the CPU one request cost
 * @param where      where it was measured
 */
public record CpuDemand(Duration perRequest, Where where) {

    /** Where the demand was measured. */
    public enum Where {
        /** The warm server sent a few requests at a time once its window was over. */
        LOW_LOAD,
        /** The window itself: the server's mean CPU over its throughput. */
        WINDOW
    }

    public CpuDemand {
        if (perRequest.isZero() || perRequest.isNegative()) {
            throw new IllegalArgumentException("a CPU demand is positive: " + perRequest);
        }
    }

    /** The low-load figure. */
    public static CpuDemand atLowLoad(Duration perRequest) {
        return new CpuDemand(perRequest, Where.LOW_LOAD);
    }

    /** The window's own demand, {@code cores} used at {@code tps}; empty where either was not measured or is zero. */
    public static Optional<CpuDemand> inWindow(Double cores, double tps) {
        if (cores == null || !(cores > 0) || !(tps > 0)) {
            return Optional.empty();
        }
        long nanos = Math.round(1e9 * cores / tps);
        return nanos <= 0 ? Optional.empty() : Optional.of(new CpuDemand(Duration.ofNanos(nanos), Where.WINDOW));
    }

    /** The demand in milliseconds. */
    public double millis() {
        return perRequest.toNanos() / 1e6;
    }

    /** Where, in the ceiling's formula. */
    String measured() {
        return switch (where) {
            case LOW_LOAD -> "at low load";
            case WINDOW -> "in the window (its server CPU / its TPS)";
        };
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.3f ms %s", millis(), measured());
    }
}
