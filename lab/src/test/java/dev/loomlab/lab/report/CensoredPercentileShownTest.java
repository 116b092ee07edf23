package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A percentile at the time the client gave up is a lower bound, and the tables say so. */
class CensoredPercentileShownTest {

    private static CellResult withTimeouts(double p50, double p99) {
        CellResult fixture = Golden.fixture().cells().stream().filter(c -> "mvc-virtual".equals(c.label()) && "block".equals(c.scenario()))
                .findFirst().orElseThrow();
        Map<String, Object> fields = new LinkedHashMap<>();
        RunFolder.json().convertValue(fixture, Map.class).forEach((k, v) -> fields.put(String.valueOf(k), v));
        fields.put("p50Ms", p50);
        fields.put("p99Ms", p99);
        Map<String, Object> metrics = new LinkedHashMap<>(fixture.metrics());
        metrics.put("latencyCensoredAtMs", 60_000.0);
        fields.put("metrics", metrics);
        return RunFolder.json().convertValue(fields, CellResult.class);
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
