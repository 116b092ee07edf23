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

        AgentSamples s = AgentSamples.read(new BufferedReader(new StringReader(csv)), 2000);

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
    void anAgentThatSentNothingOrWroteNoCsvIsAnEngineFailure() {
        assertThatThrownBy(() -> AgentSamples.read(new BufferedReader(new StringReader("metric_name,timestamp,metric_value,extra_tags,metadata\n")), 1000))
                .isInstanceOf(LoadException.class).hasMessageContaining("sent no request");
        assertThatThrownBy(() -> AgentSamples.read(new BufferedReader(new StringReader("")), 1000))
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
