package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Spike;
import dev.loomlab.load.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plan's {@code shape}: read once into its type, refused in one line where the rest of the plan cannot give it. */
class LoadShapeTest {
    @Test
    void aShapeIsReadFromItsSpellingAndWrittenBackTheSame() {
        assertThat(LoadShape.parse("soak")).isEqualTo(LoadShape.SOAK);
        assertThat(LoadShape.parse(" steady ")).isEqualTo(LoadShape.STEADY);
        LoadShape spike = LoadShape.parse("spike 3x for 10s at 20s");
        assertThat(spike).isEqualTo(new LoadShape.Spiked(new Spike(3, Duration.ofSeconds(20), Duration.ofSeconds(10))));
        assertThat(spike.spelling()).isEqualTo("spike 3x for 10s at 20s");
        assertThat(LoadShape.parse("spike 2.5x for 1m at 30s").spelling()).isEqualTo("spike 2.5x for 1m at 30s");
        LoadShape ramp = LoadShape.parse("ramp  from 50 over 1m");
        assertThat(ramp).isEqualTo(new LoadShape.Ramped(new Ramp(50, Duration.ofMinutes(1))));
        assertThat(ramp.spelling()).isEqualTo("ramp from 50 over 1m");
    }

    @Test
    void aRampRisesOneLevelASecondToTheWorkloadsVusThenHolds() {
        Ramp ramp = new Ramp(50, Duration.ofSeconds(10));
        Workload.Closed top = new Workload.Closed(250);
        assertThat(ramp.vusAt(0, top)).isEqualTo(50);
        assertThat(ramp.vusAt(5, top)).isEqualTo(150);
        assertThat(ramp.vusAt(10, top)).isEqualTo(250);
        assertThat(ramp.vusAt(60, top)).isEqualTo(250);
    }

    @Test
    void aPlanWithoutAShapeIsSteadyAndASoakPlanSaysSo() {
        assertThat(PlanLoader.load("quick", Map.of()).shape()).isEqualTo(LoadShape.STEADY);
        assertThat(PlanLoader.load("quick", Map.of("shape", "soak", "duration", "2m")).shape()).isEqualTo(LoadShape.SOAK);
        assertThat(PlanLoader.load("quick", Map.of("shape", "spike 2x for 5s at 10s", "duration", "30s", "warmup", "5s")).shape())
                .isInstanceOf(LoadShape.Spiked.class);
    }

    @Test
    void whatCannotBeAShapeIsRefusedInOneLineNamingTheField() {
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "wave")))
                .isInstanceOf(PlanException.class).hasMessageStartingWith("shape: cannot read 'wave'").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "ramp 100 to 1000 over 30s")))
                .isInstanceOf(PlanException.class).hasMessageStartingWith("shape: cannot read 'ramp 100 to 1000 over 30s'")
                .hasMessageContaining("ramp from VUS over DURATION").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "ramp from 0 over 30s")))
                .isInstanceOf(PlanException.class).hasMessageStartingWith("shape: ramp: from must be between 1 and");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "ramp from 5 over 1500ms")))
                .isInstanceOf(PlanException.class).hasMessageContaining("whole seconds, at least 2s");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "spike 1x for 10s at 5s")))
                .isInstanceOf(PlanException.class).hasMessageContaining("above 1x");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "spike 3x for 500ms at 5s")))
                .isInstanceOf(PlanException.class).hasMessageContaining("whole seconds");
    }

    @Test
    void aShapeTheRestOfThePlanCannotGiveIsRefused() {
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "soak", "duration", "10s")))
                .isInstanceOf(PlanException.class).hasMessageContaining("at least 30s");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "soak", "duration", "1m", "burst", "100")))
                .isInstanceOf(PlanException.class).hasMessageContaining("burst");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "spike 3x for 10s at 5s", "duration", "30s")))
                .isInstanceOf(PlanException.class).hasMessageContaining("give a fixed --warmup");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "spike 3x for 10s at 25s", "duration", "30s", "warmup", "5s")))
                .isInstanceOf(PlanException.class).hasMessageContaining("not inside the 30s window");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "spike 3x for 10s at 5s", "duration", "30s", "warmup", "5s",
                "rate", "100"))).isInstanceOf(PlanException.class).hasMessageContaining("steps a closed load");
        assertThatThrownBy(() -> PlanLoader.load("quick", Map.of("shape", "spike 3x for 10s at 5s", "duration", "30s", "warmup", "5s",
                "engine", "wrk")))
                .isInstanceOf(PlanException.class).hasMessage("shape: wrk cannot step its load inside the window (a spike): use --engine hyperfoil or k6");
    }

    @Test
    void aRampIsOfferedOnAClosedLoadWithAFixedWarmupThatHoldsItsRiseInTheWindow() {
        Plan plan = PlanLoader.load("quick", Map.of("shape", "ramp from 50 over 20s", "duration", "30s", "warmup", "5s", "vus", "400"));

        assertThat(plan.ramp()).contains(new Ramp(50, Duration.ofSeconds(20)));
        assertThat(PlanLoader.load("quick", Map.of("shape", "ramp from 50 over 30s", "duration", "30s", "warmup", "5s")).ramp()).isPresent();
    }

    @Test
    void aRampTheRestOfThePlanCannotGiveIsRefusedInOneLine() {
        Map<String, Object> fits = Map.of("shape", "ramp from 50 over 20s", "duration", "30s", "warmup", "5s");
        assertThatThrownBy(() -> PlanLoader.load("quick", with(fits, "duration", "15s"))).isInstanceOf(PlanException.class)
                .hasMessage("shape: ramp from 50 over 20s is longer than the 15s window: give a --duration of at least 20s");
        assertThatThrownBy(() -> PlanLoader.load("quick", with(fits, "warmup", "auto"))).isInstanceOf(PlanException.class)
                .hasMessageContaining("give a fixed --warmup");
        assertThatThrownBy(() -> PlanLoader.load("quick", with(fits, "rate", "100"))).isInstanceOf(PlanException.class)
                .hasMessageStartingWith("shape: a ramp raises a closed load (--vus)");
        assertThatThrownBy(() -> PlanLoader.load("quick", with(fits, "vus", "50"))).isInstanceOf(PlanException.class)
                .hasMessage("shape: ramp from 50 over 20s rises to the plan's 50 VUs: give fewer VUs to start from, or more --vus");
        assertThatThrownBy(() -> PlanLoader.load("quick", with(fits, "engine", "wrk"))).isInstanceOf(PlanException.class)
                .hasMessageStartingWith("shape: wrk cannot raise its load inside the window (a ramp): use --engine ").hasMessageContaining("hyperfoil")
                .hasMessageNotContaining("\n");
    }

    private static Map<String, Object> with(Map<String, Object> fields, String key, Object value) {
        Map<String, Object> more = new java.util.HashMap<>(fields);
        more.put(key, value);
        return more;
    }
}
