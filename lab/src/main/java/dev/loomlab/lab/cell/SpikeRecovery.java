package dev.loomlab.lab.cell;

import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.load.Spike;
import java.util.List;
import java.util.Optional;

/**
 * A spike cell's figures ({@code shape: spike …}): the errors while the step lasted and the time the p99 took to come back,
 * from the window's per-second series (the driver's counts, and each second's p99 from the latency log, by the second
 * each request started in).
 */
final class SpikeRecovery {
    private SpikeRecovery() {
    }

    /**
     * The figures, or empty when the seconds before the step have no latency (nothing to recover to).
     *
     * @param p99      each second's p99 (ms), NaN where a second had no answer
     * @param ok       each second's 2xx answers
     * @param errors   each second's errors
     * @param windowS  the window's length in whole seconds
     */
    static Optional<ShapeFigures.Spike> of(Spike spike, double[] p99, List<Long> ok, List<Long> errors, int windowS) {
        int at = (int) spike.at().toSeconds();
        int end = (int) spike.end().toSeconds();
        // the pre-spike level, with its noise: the slowest of its seconds
        double baseline = max(p99, 0, at);
        if (!Double.isFinite(baseline)) {
            return Optional.empty();
        }
        long errorsDuring = sum(errors, at, end);
        Double recovery = null;
        for (int s = end; s + ShapeFigures.Spike.RECOVERED_FOR <= Math.min(windowS, p99.length); s++) {
            if (back(p99, s, baseline)) {
                recovery = (double) (s - end);
                break;
            }
        }
        return Optional.of(new ShapeFigures.Spike(spike.factor(), at, end - at, baseline, max(p99, at, p99.length), errorsDuring,
                sum(ok, at, end) + errorsDuring, recovery, windowS - end));
    }

    /** Whether the p99 is back at or under {@code baseline} for {@link ShapeFigures.Spike#RECOVERED_FOR} seconds from {@code s}. */
    private static boolean back(double[] p99, int s, double baseline) {
        for (int i = s; i < s + ShapeFigures.Spike.RECOVERED_FOR; i++) {
            if (!(p99[i] <= baseline)) {
                return false;
            }
        }
        return true;
    }

    private static double max(double[] values, int from, int to) {
        double max = Double.NaN;
        for (int i = from; i < Math.min(to, values.length); i++) {
            if (Double.isFinite(values[i]) && !(values[i] <= max)) {
                max = values[i];
            }
        }
        return max;
    }

    private static long sum(List<Long> perSecond, int from, int to) {
        long sum = 0;
        for (int i = from; i < Math.min(to, perSecond.size()); i++) {
            sum += perSecond.get(i);
        }
        return sum;
    }
}
