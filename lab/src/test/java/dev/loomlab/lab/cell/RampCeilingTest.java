package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Workload;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A ramped window's ceiling: the mean, over its seconds, of the ceiling at each second's VUs. */
class RampCeilingTest {
    @Test
    void aRampsCeilingIsTheMeanOfEachSecondsOwn() {
        Plan plan = PlanLoader.load("quick", Map.of("vus", "400", "warmup", "5s", "duration", "30s", "shape", "ramp from 50 over 20s"));
        Cell cell = Cell.of(Model.byId("mvc-platform"), 25, null, Scenarios.BLOCK, 1);

        Ceiling ceiling = Judge.ceiling(plan, cell, Duration.ofSeconds(1), 25, 1);

        // a 1 s request on 200 threads: min(VUs, 200) a second, at the VUs of each of the window's 30 seconds
        Ramp ramp = plan.ramp().orElseThrow();
        double sum = 0;
        for (int s = 0; s < 30; s++) {
            sum += Math.min(ramp.vusAt(s, (Workload.Closed) plan.workload()), 200);
        }
        assertThat(ceiling.tps()).isCloseTo(sum / 30, within(1e-9));
        assertThat(ceiling.formula()).startsWith("the ramp's mean over the window's seconds, from min(50 VUs, 200 threads)");
    }
}
