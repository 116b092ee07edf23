package dev.loomlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The window's bytes from running totals taken once a second, against loads whose bytes in the window are known: the
 * totals are those of an allocation rate given second by second, sampled at half-seconds so that neither of the
 * window's ends falls on a total.
 */
class JfrAllocationTest {
    private static final Instant T0 = Instant.parse("2026-11-27T12:00:00Z");
    private static final double MB = 1e6;

    @Test
    void aLoadThatStopsAtTheWindowsEndIsCountedInFull() {
        // 50 MB/s from the warm-up on, nothing after the window [3 s, 13 s]: 500 MB in it
        DoubleUnaryOperator rate = t -> t < 13 ? 50 * MB : 0;
        assertThat(bytes(rate, 3, 13)).isCloseTo(500 * MB, within(1.0));
    }

    @Test
    void aWarmUpAtAnotherRateDoesNotLeakIntoTheWindow() {
        // 20 MB/s of warm-up, 50 MB/s in the window [3 s, 13 s], then nothing
        DoubleUnaryOperator rate = t -> t < 3 ? 20 * MB : t < 13 ? 50 * MB : 0;
        assertThat(bytes(rate, 3, 13)).isCloseTo(500 * MB, within(1.0));
    }

    @Test
    void aWindowWithNoWholePeriodInsideIsTakenOnTheStraightLineBetweenItsTotals() {
        // [3.2 s, 4.2 s] holds no whole period (totals at 2.5, 3.5, 4.5); a steady rate makes the straight line exact
        DoubleUnaryOperator rate = t -> 40 * MB;
        assertThat(bytes(rate, 3.2, 4.2)).isCloseTo(40 * MB, within(1.0));
    }

    @Test
    void anEstimateNeverLeavesTheTotalsAroundTheEdge() {
        // the window's last whole period ran at 100 MB/s, the rest of it at 1 MB/s: that rate carried on from 12.5 s
        // would put 50 MB more at 13 s than the total at 13.5 s holds, so the end is taken at that total
        DoubleUnaryOperator rate = t -> t < 12.5 ? 100 * MB : 1 * MB;
        assertThat(bytes(rate, 3, 13)).isCloseTo(integral(rate, 13.5) - integral(rate, 3), within(1.0));
    }

    @Test
    void aWindowNotBracketedByTotalsHasNoFigure() {
        List<Instant> at = List.of(at(0.5), at(1.5), at(2.5));
        List<Double> total = List.of(0.0, 10.0, 20.0);
        assertThat(JfrAllocation.between(at, total, at(0.2), at(2.0))).isEmpty();
        assertThat(JfrAllocation.between(at, total, at(1.0), at(2.7))).isEmpty();
        assertThat(JfrAllocation.between(at, total, at(0.5), at(2.5))).hasValue(20.0);
    }

    /** The window's bytes as the lab estimates them from totals taken at 0.5 s, 1.5 s, … up to a period past its end. */
    private static double bytes(DoubleUnaryOperator rate, double from, double to) {
        List<Instant> at = new ArrayList<>();
        List<Double> total = new ArrayList<>();
        for (double t = 0.5; t < to + 1.5; t += 1) {
            at.add(at(t));
            total.add(integral(rate, t));
        }
        OptionalDouble bytes = JfrAllocation.between(at, total, at(from), at(to));
        assertThat(bytes).isPresent();
        return bytes.getAsDouble();
    }

    /** Bytes allocated from 0 to {@code t} seconds, in 1 ms steps. */
    private static double integral(DoubleUnaryOperator rate, double t) {
        double sum = 0;
        for (long ms = 0; ms < Math.round(t * 1000); ms++) {
            sum += rate.applyAsDouble((ms + 0.5) / 1000) / 1000;
        }
        return sum;
    }

    private static Instant at(double seconds) {
        return T0.plusNanos(Math.round(seconds * 1e9));
    }
}
