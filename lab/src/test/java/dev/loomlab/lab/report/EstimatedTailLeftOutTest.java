package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** wrk only estimates its tail (coordinated-omission corrected after the run): tables and compares leave it out. */
class EstimatedTailLeftOutTest {
    private static final CellResult BY_WRK = Golden.mvcVirtualBlockWith(Map.of("engine", "wrk", "p50Ms", 1002.4, "p90Ms", 1011.0,
            "p99Ms", 1377.1, "maxMs", 2100.5));
    private static final CellResult BY_HYPERFOIL = Golden.mvcVirtualBlockWith(Map.of("p99Ms", 1377.1));

    @Test
    void aWrkCellShowsItsMedianButNoTail() {
        assertThat(ReportText.tail(BY_WRK, BY_WRK.p99Ms(), false)).isEqualTo("— (estimate)");
        assertThat(ReportText.tail(BY_WRK, BY_WRK.maxMs(), true)).isEqualTo("-");
        assertThat(ReportText.latency(BY_WRK, BY_WRK.p50Ms(), false)).isEqualTo("1002.4");
        assertThat(ConsoleTable.render(List.of(BY_WRK))).contains("1002.4").doesNotContain("1377.1");
    }

    @Test
    void aMeasuredTailIsShownAsItIs() {
        assertThat(ReportText.tail(BY_HYPERFOIL, BY_HYPERFOIL.p99Ms(), false)).isEqualTo("1377.1");
        assertThat(ConsoleTable.render(List.of(BY_HYPERFOIL))).contains("1377.1");
    }
}
