package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An agent's samples counted as every engine counts a window: requests, 2xx, errors and latency by start; throughput
 * by completion (per second too); every 2xx of the run for the write check. Rows written by hand, each a case.
 */
class AgentSamplesTest {
    static final long WS = 1_795_595_000_000L;

    /** A k6 CSV row: metric, completion (µs), value. */
    private static String row(String metric, long completedMs, double value) {
        return metric + "," + completedMs * 1000 + "," + value + ",,\n";
    }

    @Test
    void theWindowIsCountedByStartAndThroughputByCompletion() throws Exception {
        String csv = "metric_name,timestamp,metric_value,extra_tags,metadata\n"
                + row("http_reqs", WS - 600, 1)
                + row("lab_r_ok", WS - 500, 10)             // warm-up: only the whole run's 2xx
                + row("lab_window_start_ms", WS - 400, WS)
                + row("lab_r_ok", WS + 50, 100)             // started in the warm-up, completed in the window: throughput only
                + row("lab_r_ok", WS + 100, 50)             // second 0
                + row("http_req_duration", WS + 100, 49.5)
                + row("lab_r_failed", WS + 1000, 5)         // no status: an error of kind other, no latency
                + row("lab_r_ok", WS + 1500, 10)            // second 1
                + row("lab_r_status5xx", WS + 1600, 20)     // a status: error and latency
                + row("lab_r_timeout", WS + 1900, 1500)     // started at +400: an error, no latency
                + row("lab_r_ok", WS + 2100, 200);          // started in the window, completed after it: a request, not throughput

        AgentSamples s = AgentSamples.read(new BufferedReader(new StringReader(csv)), 2000, 0);

        assertThat(s.windowStartEpochMs()).isEqualTo(WS);
        assertThat(s.requests()).isEqualTo(6);
        assertThat(s.ok()).isEqualTo(3);
        assertThat(s.okCompleted()).isEqualTo(3);
        assertThat(s.okPerSecond()).containsExactly(2L, 1L);
        assertThat(s.okWholeRun()).isEqualTo(5);
        assertThat(s.errors()).containsExactlyInAnyOrderEntriesOf(Map.of("connect", 0L, "timeout", 1L, "status4xx", 0L, "status5xx", 1L, "other", 1L));
        assertThat(s.histogram().getTotalCount()).as("the answered requests started in the window").isEqualTo(4);
        assertThat(s.histogram().getMaxValue() / 1e6).isCloseTo(200, org.assertj.core.api.Assertions.within(0.2));
        assertThat(s.histogram().getMinValue() / 1e6).isCloseTo(10, org.assertj.core.api.Assertions.within(0.01));
    }

    @Test
    void inTheOpenModelEachRequestIsTimedFromItsTrueSlotAfterTheSlotsItsAgentDropped() throws Exception {
        // This agent's share: 50/s, a slot every 20 ms. It dropped 3 slots at +100 ms (while catching up after a
        // stall); its later requests' indices miss those 3, so the script timed them from a due instant 60 ms early.
        String csv = "metric_name,timestamp,metric_value,extra_tags,metadata\n"
                + row("lab_window_start_ms", WS - 400, WS)
                + row("dropped_iterations", WS + 100, 1) + row("dropped_iterations", WS + 100, 1) + row("dropped_iterations", WS + 100, 1)
                // sent at +50 ms, 0 ms late, before the drops: answered in 10 ms, as it read
                + sent("lab_r_ok", WS + 60, 10, WS + 50, 0)
                // sent on time at +1,000 ms after the drops: read 60 + 10 ms, answered in 10
                + sent("lab_r_ok", WS + 1010, 70, WS + 1000, 60)
                // sent 500 ms after its true slot (a stall after the drops): read 560 + 10 ms, 510 from its slot
                + sent("lab_r_ok", WS + 1510, 570, WS + 1500, 560);

        AgentSamples s = AgentSamples.read(new BufferedReader(new StringReader(csv)), 2000, 50);

        assertThat(s.requests()).isEqualTo(3);
        assertThat(s.histogram().getMinValue() / 1e6).isCloseTo(10, org.assertj.core.api.Assertions.within(0.01));
        assertThat(s.histogram().getValueAtPercentile(60) / 1e6).as("the on-time request after the drops")
                .isCloseTo(10, org.assertj.core.api.Assertions.within(0.01));
        assertThat(s.histogram().getMaxValue() / 1e6).as("the late one still shows its wait")
                .isCloseTo(510, org.assertj.core.api.Assertions.within(0.5));
    }

    /** A k6 CSV row of an open-model request: with its send (epoch ms) and its lateness as metadata. */
    private static String sent(String metric, long completedMs, double value, long issuedMs, double lateMs) {
        return metric + "," + completedMs * 1000 + "," + value + ",,issued=" + issuedMs + "&late=" + lateMs + "\n";
    }

    @Test
    void anAgentThatSentNothingOrWroteNoCsvIsAnEngineFailure() {
        assertThatThrownBy(() -> AgentSamples.read(new BufferedReader(new StringReader("metric_name,timestamp,metric_value,extra_tags,metadata\n")), 1000, 0))
                .isInstanceOf(LoadException.class).hasMessageContaining("sent no request");
        assertThatThrownBy(() -> AgentSamples.read(new BufferedReader(new StringReader("")), 1000, 0))
                .isInstanceOf(LoadException.class).hasMessageContaining("wrote no sample CSV");
    }

    @Test
    void theSegmentsTileTheTestAsK6ReadsThem() {
        assertThat(K6AgentHosts.sequence(1)).isEqualTo("0,1");
        assertThat(K6AgentHosts.segment(0, 1)).isEqualTo("0:1");
        assertThat(K6AgentHosts.sequence(3)).isEqualTo("0,1/3,2/3,1");
        assertThat(java.util.stream.IntStream.range(0, 3).mapToObj(i -> K6AgentHosts.segment(i, 3)))
                .containsExactly("0:1/3", "1/3:2/3", "2/3:1");
    }
}
