package dev.loomlab.lab.history;

import dev.loomlab.lab.result.CellResult;
import java.util.Map;

/**
 * A figure a run's cell is followed by over time, and which way is worse: fewer requests served, or more time, CPU
 * or memory per request.
 */
public enum Figure {
    TPS, P50, P99, CPU_PER_REQUEST, RSS, CEILING;

    /** The direction in which a change is a regression. */
    public enum Worse { UP, DOWN }

    public String title() {
        return switch (this) {
            case TPS -> "TPS";
            case P50 -> "p50";
            case P99 -> "p99";
            case CPU_PER_REQUEST -> "CPU per request";
            case RSS -> "RSS max";
            case CEILING -> "% of ceiling";
        };
    }

    /** As the tables print it after a value: {@code " ms"}, empty for a count per second. */
    public String unit() {
        return switch (this) {
            case TPS -> "";
            case P50, P99, CPU_PER_REQUEST -> " ms";
            case RSS -> " MB";
            case CEILING -> " %";
        };
    }

    /** Fewer requests served is worse; more time, CPU or memory per request is worse. */
    public Worse worse() {
        return this == TPS || this == CEILING ? Worse.DOWN : Worse.UP;
    }

    /** Its title with its unit, as a column or card is headed: {@code p50 (ms)}, {@code TPS}. */
    public String heading() {
        return title() + (unit().isEmpty() ? "" : " (" + unit().strip() + ")");
    }

    /** Whether a move of this sign is a regression. */
    public boolean isWorse(double change) {
        return worse() == Worse.UP ? change > 0 : change < 0;
    }

    /**
     * One round's figure, NaN where the round did not record it: CPU per request is the server's CPU time over its
     * requests ({@code serverCpuCores} / TPS, in ms), RSS the server's largest resident set in the window.
     */
    public double of(CellResult round) {
        return switch (this) {
            case TPS -> round.tps();
            case P50 -> round.p50Ms();
            case P99 -> round.p99Ms();
            case CPU_PER_REQUEST -> round.serverCpuCores() == null || round.tps() <= 0 ? Double.NaN : 1000 * round.serverCpuCores() / round.tps();
            case RSS -> metric(round.metrics(), "serverRssMbMax");
            case CEILING -> ceilingPercent(round);
        };
    }

    private static double metric(Map<String, Double> metrics, String name) {
        Double v = metrics == null ? null : metrics.get(name);
        return v == null ? Double.NaN : v;
    }

    private static double ceilingPercent(CellResult round) {
        if (round.ceilingRatio() != null) {
            return 100 * round.ceilingRatio();
        }
        Double ceiling = round.ceilingTps();
        return ceiling == null || ceiling == 0 ? Double.NaN : 100 * round.tps() / ceiling;
    }
}
