package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.StringReader;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A 100/s schedule from which k6 dropped five slots at 1.00–1.04 s: each later request's index is five short, so its
 * due instant from the index is 50 ms early. Timed from the true schedule, a request sent on time reads its own
 * duration, one sent late after a stall reads its lateness from its own slot, and one sent before the drops is
 * untouched. Each request is written as the script computes it, from the index k6 gives it.
 */
class K6DroppedIterationsTest {
    static final long START_MS = 1_795_595_000_000L;
    static final double RATE = 100;
    static final double DURATION_MS = 12;
    static final long[] DROPS_US = {us(1000), us(1010), us(1020), us(1030), us(1040)};

    private static long us(long sinceStartMs) {
        return (START_MS + sinceStartMs) * 1000;
    }

    /** The script's figures for a request of index {@code n} sent {@code sentMs} after the start: latency, lateness. */
    private static double[] asScripted(long n, long sentMs) {
        double due = Math.min(n * 1000 / RATE, sentMs);
        return new double[] {sentMs - due + DURATION_MS, sentMs - due};
    }

    private static double corrected(long n, long sentMs) {
        double[] s = asScripted(n, sentMs);
        return K6DroppedIterations.of(DROPS_US, RATE).latencyMs(s[0], s[1], START_MS + sentMs);
    }

    @Test
    void aRequestSentOnTimeAfterTheDropsReadsItsOwnDuration() {
        // slot 200 (due at 2.000 s) is the 196th iteration that ran: index 195, due at 1.950 s by the index
        assertThat(asScripted(195, 2000)[0]).as("uncorrected").isEqualTo(DURATION_MS + 50);
        assertThat(corrected(195, 2000)).isEqualTo(DURATION_MS);
    }

    @Test
    void aRequestSentLateReadsItsLatenessFromItsOwnSlot() {
        // slot 150 (due at 1.500 s), sent at 2.000 s after a stall: index 145
        assertThat(corrected(145, 2000)).isEqualTo(500 + DURATION_MS);
    }

    @Test
    void aRequestSentBeforeTheDropsIsUntouched() {
        assertThat(corrected(50, 500)).isEqualTo(DURATION_MS);
    }

    @Test
    void onlyTheDropsBeforeTheSendCount() {
        K6DroppedIterations drops = K6DroppedIterations.of(DROPS_US, RATE);
        assertThat(drops.before(START_MS + 1000)).isZero();
        assertThat(drops.before(START_MS + 1021)).isEqualTo(3);
        assertThat(drops.before(START_MS + 1041)).isEqualTo(5);
    }

    @Test
    void theSamplesOfACsvAreCorrectedByTheDropsInIt() throws Exception {
        StringBuilder csv = new StringBuilder("metric_name,timestamp,metric_value,check,scenario,extra_tags,metadata\n");
        for (long drop : DROPS_US) {
            csv.append("dropped_iterations,").append(drop).append(",1.000000,,cell,,\n");
        }
        csv.append(row(195, 2000)).append(row(145, 2000)).append("http_req_duration,").append(us(2012)).append(",12.0,,cell,,\n");

        Histogram h = K6CellSamples.latencies(new BufferedReader(new StringReader(csv.toString())), RATE);

        assertThat(h.getTotalCount()).isEqualTo(2);
        assertThat(h.getMinValue() / 1e6).isCloseTo(DURATION_MS, within(0.01));
        assertThat(h.getMaxValue() / 1e6).isCloseTo(500 + DURATION_MS, within(0.5));
    }

    /** A lab_latency row as k6 writes it: completion (µs), the script's latency, its send and lateness as metadata. */
    private static String row(long n, long sentMs) {
        double[] s = asScripted(n, sentMs);
        return "lab_latency," + us(sentMs + (long) DURATION_MS) + "," + s[0] + ",,cell,,late=" + s[1] + "&issued=" + (START_MS + sentMs) + "\n";
    }
}
