package dev.loomlab.lab.cell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.ceiling.Ceiling;
import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.plan.PlanLoader;
import dev.loomlab.lab.result.Cell;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A ramped window's ceiling: the mean, over its seconds, of the ceiling at the VUs that sent each second's answers. */
class RampCeilingTest {
    @Test
    void aRampsCeilingIsTheMeanOfEachSecondsOwn() {
        Plan plan = PlanLoader.load("quick", Map.of("vus", "400", "warmup", "5s", "duration", "30s", "shape", "ramp from 50 over 20s"));
        Cell cell = Cell.of(Model.byId("mvc-platform"), 25, null, Scenarios.BLOCK, 1);

        Ceiling ceiling = Judge.ceiling(plan, cell, Duration.ofSeconds(1), 25, 1);

        // a 1 s request on 200 threads: min(VUs, 200) a second, each second's answers sent by the VUs of the second before:
        // 50 (the foot, through the warm-up), 50, 68, 85, 103, 120, 138, 155, 173, 190, then 208 and more, held at 200 for 20 s
        assertThat(ceiling.tps()).isCloseTo((50 + 50 + 68 + 85 + 103 + 120 + 138 + 155 + 173 + 190 + 20 * 200) / 30.0, within(1e-9));
        assertThat(ceiling.formula()).startsWith("the ramp's mean over the window's seconds, from min(50 VUs, 200 threads)");
    }
}
