package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Requests given up on count in the percentiles, at the timeout: answers known by counting. */
class CensoredLatencyTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    /** 992 responses at 10 ms: their every percentile is 10 ms. */
    private static Histogram responses() {
        Histogram h = new Histogram(3_600_000_000_000L, 2);
        h.recordValueWithCount(10_000_000, 992);
        return h;
    }

    private static final Latencies FROM_RESPONSES = new Latencies(10, 10, 10, 10, 10, 10);

    @Test
    void eightTimeoutsInAThousandPutP999AtTheTimeoutAndLeaveP99() {
        // 0.8 % timed out: under the 1 % errors verdict, yet the 999th of 1,000 requests waited 60 s
        CensoredLatency c = CensoredLatency.of(FROM_RESPONSES, Optional.of(responses()), 992, 8, TIMEOUT);

        assertThat(c.latency().p99Ms()).isCloseTo(10, within(0.1));
        assertThat(c.latency().p999Ms()).isCloseTo(60_000, within(600.0));
        assertThat(c.latency().maxMs()).isEqualTo(60_000);
        // the mean: (992 × 10 + 8 × 60,000) / 1,000 = 489.9 ms
        assertThat(c.latency().meanMs()).isCloseTo(489.9, within(5.0));
        assertThat(c.censoredAtMs()).hasValue(60_000.0);
        assertThat(CensoredLatency.censored(c.latency().p999Ms(), 60_000.0)).isTrue();
        assertThat(CensoredLatency.censored(c.latency().p99Ms(), 60_000.0)).isFalse();
    }

    @Test
    void twoPercentTimedOutMakesP99TheTimeoutEvenWithoutAHistogram() {
        CensoredLatency c = CensoredLatency.of(FROM_RESPONSES, Optional.empty(), 980, 20, TIMEOUT);

        assertThat(c.latency().p99Ms()).isEqualTo(60_000);
        assertThat(c.latency().p90Ms()).isEqualTo(10);
        assertThat(c.censoredAtMs()).hasValue(60_000.0);
    }

    @Test
    void withNothingGivenUpTheResponsesFiguresStand() {
        CensoredLatency c = CensoredLatency.of(FROM_RESPONSES, Optional.of(responses()), 992, 0, TIMEOUT);

        assertThat(c.latency()).isEqualTo(FROM_RESPONSES);
        assertThat(c.censoredAtMs()).isEmpty();
    }
}
