package dev.loomlab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FootprintTest {
    /** A cell file of round 1 at 1,000 TPS, its other figures zero, {@code fields} on top, read as a run folder's cell is. */
    private static CellResult cell(Map<String, Object> fields) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (String zero : List.of("serviceTimeMs", "warmupS", "durationS", "requests", "ok", "p50Ms", "p90Ms", "p99Ms", "maxMs")) {
            f.put(zero, 0);
        }
        f.put("schema", 1);
        f.put("status", "ok");
        f.put("model", "mvc-virtual");
        f.put("scenario", "block");
        f.put("round", 1);
        f.put("tps", 1000);
        f.putAll(fields);
        return RunFolder.cell(RunFolder.json().valueToTree(f));
    }

    @Test
    void cpuPerRequestIsTheServersCoresOverItsTpsInMilliseconds() {
        Footprint f = Footprint.of(cell(Map.of("serverCpuCores", 0.5,
                "metrics", Map.of(Footprint.RSS, 412.5, Footprint.HEAP, 180.0))));

        // half a core at 1,000 TPS: 0.5 ms of CPU each
        assertThat(f).isEqualTo(new Footprint(0.5, 412.5, 180.0));
    }

    @Test
    void aFigureTheCellDidNotRecordIsUnknownNotZero() {
        // a service of the user's without Actuator's heap figure, a cell without the server's CPU
        assertThat(Footprint.of(cell(Map.of("metrics", Map.of(Footprint.RSS, 300.0))))).isEqualTo(new Footprint(null, 300.0, null));
    }
}
