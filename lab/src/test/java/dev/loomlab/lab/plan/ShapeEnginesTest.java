package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which engines run which shape: a spike and a ramp on k6 too; wrk, which runs one constant load, refused in one line. */
class ShapeEnginesTest {
    @Test
    void k6RunsASpikeARampAndASoak() {
        assertThat(PlanLoader.load("quick", Map.of("shape", "spike 2x for 5s at 10s", "duration", "25s", "warmup", "4s", "engine", "k6"))
                .shape()).isInstanceOf(LoadShape.Spiked.class);
        assertThat(PlanLoader.load("quick", Map.of("shape", "ramp from 10 over 10s", "duration", "25s", "warmup", "4s", "engine", "k6"))
                .shape()).isInstanceOf(LoadShape.Ramped.class);
        assertThat(PlanLoader.load("quick", Map.of("shape", "soak", "duration", "30s", "engine", "k6")).shape()).isEqualTo(LoadShape.SOAK);
    }

    @Test
    void wrkIsRefusedARampInOneLineNamingTheEnginesThatRunIt() {
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "ramp from 10 over 10s", "duration", "25s", "warmup", "4s",
                "engine", "wrk")))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("shape: wrk cannot raise its load inside the window (a ramp): use --engine ")
                .hasMessageContaining("k6").hasMessageNotContaining("\n");
    }

    @Test
    void aRampTheRestOfThePlanCannotGiveIsRefused() {
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "ramp from 10 over 10s", "duration", "25s", "warmup", "4s",
                "engine", "k6", "rate", "100"))).isInstanceOf(PlanException.class).hasMessageContaining("raises a closed load");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "ramp from 10 over 10s", "duration", "25s", "engine", "k6")))
                .isInstanceOf(PlanException.class).hasMessageContaining("give a fixed --warmup");
    }
}
