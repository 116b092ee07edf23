package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A percentile at the time the client gave up is a lower bound, and the tables say so. */
class CensoredPercentileShownTest {

    private static CellResult withTimeouts(double p50, double p99) {
        Map<String, Object> metrics = new LinkedHashMap<>(Golden.mvcVirtualBlockWith(Map.of()).metrics());
        metrics.put("latencyCensoredAtMs", 60_000.0);
        return Golden.mvcVirtualBlockWith(Map.of("p50Ms", p50, "p99Ms", p99, "metrics", metrics));
    }

    @Test
    void aPercentileAtTheTimeoutIsShownAsAtLeastIt() {
        CellResult cell = withTimeouts(1002.4, 59_768.6);

        assertThat(ReportText.latency(cell, cell.p99Ms(), false)).isEqualTo("≥ 59768.6");
        assertThat(ReportText.latency(cell, cell.p99Ms(), true)).isEqualTo(">= 59768.6");
        assertThat(ReportText.latency(cell, cell.p50Ms(), false)).isEqualTo("1002.4");
        assertThat(ConsoleTable.render(java.util.List.of(cell))).contains(">= 59768.6");
    }
}
