package dev.loomlab.lab.cell;

import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.lab.result.ShapeFigures.RampSecond;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.commons.statistics.descriptive.Median;

/**
 * A ramp cell's figures ({@code shape: ramp …}), from the window's per-second series (the driver's 2xx and errors a
 * second, by completion, and each second's p99 from the latency log, by the second each request started in).
 *
 * <p>The knee is read against the plateau the load reached at its top, in the plateau's own noise: the first second of
 * the rise from which the throughput stays on the plateau while the VUs still rise. Each second's throughput is taken
 * as the median of it and its two neighbours, so that one slow second (a collection) neither ends a plateau nor starts
 * one. A throughput that kept rising with the load to the top reaches the plateau only at the top: the VUs after such a
 * "knee" rise by no more than the plateau's noise would hide, and no knee is said. The answers of a second were sent a
 * latency before they completed, by the VUs of that earlier second: the knee is those VUs, the latency being the foot's
 * median in whole seconds (below the knee no queue has formed yet, so the latency there is still the foot's). Without it
 * mvc-platform's 1 s block, capped at 200 answers a second, read its knee at 225 VUs, a level late, on a ramp of 17.5
 * VUs a second.
 */
final class RampKnee {
    private RampKnee() {
    }

    /**
     * The figures, or empty when the window counted no second (an engine that keeps no per-second series).
     *
     * @param p50      each second's median latency (ms), NaN where a second had no answer
     * @param p99      each second's p99 (ms), NaN where a second had no answer
     * @param ok       each second's 2xx answers
     * @param errors   each second's errors
     * @param windowS  the window's length in whole seconds
     */
    static Optional<ShapeFigures.Ramp> of(Ramp ramp, Workload.Closed top, double[] p50, double[] p99, List<Long> ok, List<Long> errors,
            int windowS) {
        int seconds = Math.min(windowS, ok.size());
        if (seconds == 0) {
            return Optional.empty();
        }
        List<RampSecond> rows = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            Double p = s < p99.length && Double.isFinite(p99[s]) ? p99[s] : null;
            rows.add(new RampSecond(s, ramp.vusAt(s, top), ok.get(s), p, s < errors.size() ? errors.get(s) : 0));
        }
        int overS = (int) ramp.over().toSeconds();
        double[] plateau = plateau(rows, overS);
        Double footP50 = median(p50, ShapeFigures.Ramp.FOOT_S);
        int lagS = footP50 == null ? 0 : (int) Math.round(footP50 / 1000);
        Integer knee = plateau == null ? null : knee(rows, overS, lagS, plateau[0], plateau[1], top.vus());
        Double foot = median(p99, ShapeFigures.Ramp.FOOT_S);
        Integer doubled = foot == null ? null : doubledAt(rows, 2 * foot);
        return Optional.of(new ShapeFigures.Ramp(ramp.fromVus(), top.vus(), overS, rows, plateau == null ? null : plateau[0],
                plateau == null ? null : plateau[1], lagS, knee, foot, doubled));
    }

    /**
     * The plateau's mean 2xx a second and its band ({@code {mean, band}}), over the seconds from one after the top was
     * reached to the window's end; null with fewer than {@link ShapeFigures.Ramp#PLATEAU_MIN_S} of them.
     */
    private static double[] plateau(List<RampSecond> rows, int overS) {
        double[] tps = rows.stream().skip(overS + 1L).mapToDouble(RampSecond::tps).toArray();
        if (tps.length < ShapeFigures.Ramp.PLATEAU_MIN_S) {
            return null;
        }
        double mean = Arrays.stream(tps).average().orElseThrow();
        double variance = Arrays.stream(tps).map(t -> (t - mean) * (t - mean)).sum() / (tps.length - 1);
        // counts are whole requests: a band under one would call a second one request short of its plateau off it
        return new double[] {mean, Math.max(1, 2 * Math.sqrt(variance))};
    }

    /**
     * The VUs that sent the answers of the first rising second from which the smoothed throughput stays within {@code band}
     * of {@code mean}: those of {@code lagS} seconds before it.
     */
    private static Integer knee(List<RampSecond> rows, int overS, int lagS, double mean, double band, int top) {
        int last = Math.min(overS, rows.size() - 1);
        Integer knee = null;
        // from the top down: the knee is where the run of seconds on the plateau that reaches the top begins
        for (int s = last; s >= 0 && smoothed(rows, s) >= mean - band; s--) {
            knee = rows.get(Math.max(0, s - lagS)).vus();
        }
        // no knee when the VUs rose after it by no more than twice the band's share: a rise the noise could hide
        return knee == null || knee * (1 + 2 * band / mean) >= top ? null : knee;
    }

    /** Second {@code s}'s 2xx: the median of it and its neighbours (of the two at the window's edges, the lower). */
    private static double smoothed(List<RampSecond> rows, int s) {
        long[] near = rows.subList(Math.max(0, s - 1), Math.min(rows.size(), s + 2)).stream().mapToLong(RampSecond::tps).sorted().toArray();
        return near.length == 3 ? near[1] : near[0];
    }

    /** The median of the first {@code seconds} seconds' figures that are known; null when none is. */
    private static Double median(double[] perSecond, int seconds) {
        double[] p = Arrays.stream(perSecond).limit(seconds).filter(Double::isFinite).toArray();
        return p.length == 0 ? null : Median.withDefaults().evaluate(p);
    }

    /** The VUs of the first second from which the p99 stays above {@code limit} for {@link ShapeFigures.Ramp#HELD_S} seconds. */
    private static Integer doubledAt(List<RampSecond> rows, double limit) {
        for (int s = 0; s < rows.size(); s++) {
            int end = Math.min(rows.size(), s + ShapeFigures.Ramp.HELD_S);
            if (rows.subList(s, end).stream().allMatch(r -> r.p99Ms() != null && r.p99Ms() > limit)) {
                return rows.get(s).vus();
            }
        }
        return null;
    }
}
