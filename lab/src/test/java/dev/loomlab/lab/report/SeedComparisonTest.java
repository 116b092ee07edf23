package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.plan.PlanParts;
import dev.loomlab.lab.result.CellResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SeedComparisonTest {

    @Test
    void everySeedClaimSitsBesideTheSameRatioMeasuredHere() {
        List<PlanParts.Part> parts = PlanLoader.parts("seed-notes", Map.of());
        Map<String, List<CellResult>> cells = new LinkedHashMap<>();
        cells.put("io-200", List.of(cell("mvc-platform", "block", 990.0, null), cell("mvc-virtual", "block", 995.0, null)));
        cells.put("webflux-500", List.of(cell("webflux", "block", 2000.0, null), cell("mvc-virtual", "block", 1500.0, null)));
        cells.put("burst", List.of(cell("mvc-platform", "block", 1.0, 101_500.0), cell("mvc-virtual", "block", 10.0, 10_150.0)));

        String md = SeedComparison.render("seed-notes", "seed 002", parts, cells);

        assertThat(md).contains("| io-200 | I/O-bound, 200 VUs: virtual / platform TPS | 151 % | 101 % | mvc-virtual 995.0 TPS vs mvc-platform 990.0 TPS |");
        assertThat(md).contains("| webflux-500 | I/O-bound, 500 VUs: virtual / WebFlux TPS | 211 % | 75 % |");
        assertThat(md).contains("| 130 s vs 10 s | 1000 % | mvc-platform 101.5 s vs mvc-virtual 10.2 s |");
        // No cells for a part: said, not invented.
        assertThat(md).contains("| cpu-200 | CPU-bound, 200 VUs: virtual / platform TPS | 93 % | n/a (a cell failed or is missing) | — |");
        assertThat(md).contains("- [burst](burst/summary.md): mvc-platform, mvc-virtual on block, a burst of 100, sleep 10000 ms, 10 Tomcat threads");
    }

    private static CellResult cell(String model, String scenario, double tps, Double wallTimeMs) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("wallTimeMs", wallTimeMs);
        for (String zero : List.of("serviceTimeMs", "warmupS", "durationS", "requests", "ok", "p50Ms", "p90Ms", "p99Ms", "maxMs")) {
            f.put(zero, 0);
        }
        return TestCells.ok(model, scenario, tps, f);
    }
}
