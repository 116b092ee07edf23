package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.HyperfoilEngine;
import dev.loomlab.lab.result.Steadiness;
import dev.loomlab.load.DriverResult;
import dev.loomlab.load.Protocol;
import dev.loomlab.load.SteadyState;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a measured cell was in steady state, by the {@link SteadyState} rule: its warm-up ended with the load settled
 * (a settling warm-up that reached its cap did not; a fixed one is judged on its last seconds), and its window's 2xx per
 * second did not drift from its first third to its last.
 */
final class SteadyCheck {
    private SteadyCheck() {
    }

    /**
     * @param window      the window's 2xx completions per second
     * @param latencyP50s the open model's median latency per second of the window (ms); empty for the closed model, whose
     *                    latency follows its throughput
     */
    static Steadiness of(Optional<HyperfoilEngine.Warmed> warmed, Optional<List<Long>> window, List<Double> latencyP50s) {
        if (warmed.isEmpty() && window.isEmpty()) {
            return new Steadiness(Steadiness.State.NOT_JUDGED, "unknown", "the engine keeps no per-second series (k6, wrk, several drivers)");
        }
        String ended = warmed.map(w -> w.settling().ended()).orElse("unknown");
        SteadyState.Compiler compiler = warmed.map(w -> w.settling().compiler()).orElse(null);
        Optional<String> warmup = warmed.flatMap(SteadyCheck::unsettledWarmup);
        if (warmup.isPresent()) {
            return new Steadiness(Steadiness.State.NOT_SETTLED, ended, warmup.get(), compiler);
        }
        Optional<SteadyState.Drift> drift = window.flatMap(w -> SteadyState.drift(w.stream().mapToDouble(Long::doubleValue).toArray()));
        if (drift.isPresent()) {
            return new Steadiness(Steadiness.State.NOT_SETTLED, ended, "in its window " + drift.get().describe("2xx per second"), compiler);
        }
        // an open load's rate is fixed: a server falling behind shows in its latency climbing, not in its completions
        Optional<SteadyState.Drift> latency = SteadyState.drift(latencyP50s.stream().mapToDouble(Double::doubleValue).toArray());
        if (latency.isPresent()) {
            return new Steadiness(Steadiness.State.NOT_SETTLED, ended, "in its window " + latency.get().describe("median latency (ms)"), compiler);
        }
        return new Steadiness(Steadiness.State.SETTLED, ended, null, compiler);
    }

    /** Why the warm-up ended before the load had settled, if it did. */
    private static Optional<String> unsettledWarmup(HyperfoilEngine.Warmed warmed) {
        double[] series = warmed.settling().warmupOkPerSecond().stream().mapToDouble(Long::doubleValue).toArray();
        String trend = series.length >= Protocol.TREND_SECONDS
                ? String.format(Locale.ROOT, ", its 2xx per second still changing by %+.0f %% over its last %d s",
                        100 * SteadyState.trend(Arrays.copyOfRange(series, series.length - Protocol.TREND_SECONDS, series.length)),
                        Protocol.TREND_SECONDS)
                : "";
        SteadyState.Compiler compiler = warmed.settling().compiler();
        String compiling = compiler != null && !compiler.quiet()
                ? String.format(Locale.ROOT, ", the server's JIT compiler still taking %.0f %% of its CPUs (at most %.0f %% counts as quiet)",
                        100 * compiler.share(), 100 * Protocol.MAX_COMPILER_SHARE)
                : "";
        return switch (warmed.settling().ended()) {
            case DriverResult.Settling.CAP -> Optional.of(String.format(Locale.ROOT, "its warm-up reached its cap of %.0f s before the load settled%s%s",
                    warmed.warmupS(), trend, compiling));
            case DriverResult.Settling.FIXED -> series.length >= Protocol.TREND_SECONDS && !SteadyState.settled(series, series.length)
                    ? Optional.of(String.format(Locale.ROOT, "its fixed %.0f s warm-up ended before the load settled%s", warmed.warmupS(), trend))
                    : Optional.empty();
            default -> Optional.empty();
        };
    }
}
