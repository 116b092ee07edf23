package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.metrics.SeriesRow;
import dev.loomlab.lab.result.ShapeFigures;
import dev.loomlab.load.Spike;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A shape's figures from a window's per-second series: a soak's heap floors, a spike's errors and recovery. */
class ShapeFiguresOfSeriesTest {
    private static SeriesRow row(double tS, double rssMb, double heapMb) {
        double n = Double.NaN;
        return new SeriesRow(tS, n, rssMb, heapMb, n, n, n, n, n, n, n, n, n, n, n, n, n);
    }

    @Test
    void theHeapsFloorsAreTheSamplesWhereItFellAndTheirLineIsTheLeaksRate() {
        // a saw-tooth: 10 MB allocated a second, collected every 4 s back to a floor that rises 2 MB each time
        List<SeriesRow> rows = new ArrayList<>();
        for (int s = 1; s <= 40; s++) {
            int cycle = (s - 1) / 4;
            rows.add(row(s, 300, 50 + 2 * cycle + 10 * ((s - 1) % 4)));
        }

        List<double[]> floors = SoakTrends.heapFloors(rows);
        ShapeFigures.Soak soak = SoakTrends.of(rows, Collections.nCopies(40, 5.0));

        assertThat(floors.get(1)).containsExactly(52, 54, 56, 58, 60, 62, 64, 66, 68);
        // 2 MB every 4 s = 30 MB a minute, exactly: the floors lie on a line
        assertThat(soak.heapFloorMb().perMinute()).isCloseTo(30, within(1e-9));
        assertThat(soak.rssMb().perMinute()).isCloseTo(0, within(1e-12));
        assertThat(soak.p99Ms().perMinute()).isCloseTo(0, within(1e-12));
    }

    @Test
    void aSpikesErrorsAreItsSecondsAndItRecoversWhenThreeSecondsInARowAreBackUnderTheSlowestBefore() {
        Spike spike = new Spike(3, Duration.ofSeconds(5), Duration.ofSeconds(3));
        //                0   1   2   3   4 | 5   6   7 | 8   9   10  11  12  13  14
        double[] p99 = {10, 12, 11, 10, 12, 80, 90, 95, 60, 11, 30, 12, 11, 10, 11};
        List<Long> ok = List.of(100L, 100L, 100L, 100L, 100L, 250L, 240L, 230L, 120L, 100L, 100L, 100L, 100L, 100L, 100L);
        List<Long> errors = List.of(0L, 0L, 0L, 0L, 0L, 5L, 7L, 3L, 1L, 0L, 0L, 0L, 0L, 0L, 0L);

        ShapeFigures.Spike figures = SpikeRecovery.of(spike, p99, ok, errors, 15).orElseThrow();

        assertThat(figures.baselineP99Ms()).isEqualTo(12);
        assertThat(figures.peakP99Ms()).isEqualTo(95);
        assertThat(figures.errorsDuring()).isEqualTo(15);
        assertThat(figures.requestsDuring()).isEqualTo(250 + 240 + 230 + 15);
        // second 9 is back, but 10 is not: the three in a row start at 11, three seconds after the step's end (8)
        assertThat(figures.recoveryS()).isEqualTo(3.0);
        assertThat(figures.windowLeftS()).isEqualTo(7);
    }

    @Test
    void aSpikeThatNeverCameBackHasNoRecoveryTime() {
        Spike spike = new Spike(3, Duration.ofSeconds(2), Duration.ofSeconds(2));
        double[] p99 = {10, 10, 50, 50, 40, 30, 20, 20};
        List<Long> none = Collections.nCopies(8, 0L);

        assertThat(SpikeRecovery.of(spike, p99, none, none, 8).orElseThrow().recoveryS()).isNull();
    }
}
