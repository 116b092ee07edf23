package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PitfallChecksTest {

    @Test
    void equalRowsAndResponsesPass() {
        assertThat(PitfallChecks.verdict(2500, 2500)).isEmpty();
    }

    @Test
    void fewerRowsThanResponsesAreLostWrites() {
        assertThat(PitfallChecks.verdict(2490, 2500)).hasValue(
                "write check: 2490 rows written for 2500 successful responses — 10 acknowledged writes lost");
    }

    @Test
    void moreRowsThanResponsesAreNamedToo() {
        assertThat(PitfallChecks.verdict(2503, 2500)).hasValueSatisfying(r -> assertThat(r)
                .startsWith("write check: 2503 rows written for 2500 successful responses — 3 rows without a successful response"));
    }

    @Test
    void theDriversWholeRunCountIsRead(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("write-r1.driver.json");
        Files.writeString(json, "{\"ok\": 900, \"okWholeRun\": 1234}");

        assertThat(PitfallChecks.okWholeRun(json)).hasValue(1234L);
        assertThat(PitfallChecks.okWholeRun(dir.resolve("missing.json"))).isEmpty();
    }

    @Test
    void allocationPerRequestIsTheWindowsAllocationOverItsRequests() {
        Map<String, Double> m = new LinkedHashMap<>(Map.of("allocatedMbInWindow", 64.0));

        PitfallChecks.perRequest(m, 1000);

        assertThat(m).containsEntry("allocatedKbPerRequest", 64.0);
    }
}
