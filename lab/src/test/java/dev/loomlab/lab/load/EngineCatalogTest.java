package dev.loomlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.EngineType.Capability;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Workload;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EngineCatalogTest {
    private static final EngineCatalog LAB = EngineCatalog.standard();
    private static final Workload CLOSED = new Workload.Closed(100);
    private static final Workload OPEN = new Workload.Open(300);
    private static final Workload BURST = new Workload.Burst(600);

    @Test
    void theLabsEnginesDeclareWhatTheyCanDrive() {
        assertThat(LAB.ids()).containsExactly("hyperfoil", "k6", "wrk");
        assertThat(LAB.capabilities("hyperfoil")).containsExactlyInAnyOrder(Capability.CLOSED, Capability.OPEN, Capability.BURST,
                Capability.SPLIT_TOPOLOGY, Capability.EXACT_TAILS, Capability.SPIKE, Capability.RAMP);
        assertThat(LAB.capabilities("k6")).containsExactlyInAnyOrder(Capability.CLOSED, Capability.OPEN, Capability.AGENTS,
                Capability.EXACT_TAILS, Capability.SPIKE, Capability.RAMP);
        assertThat(LAB.capabilities("wrk")).as("its tail is an estimate").containsExactly(Capability.CLOSED);
        assertThat(LAB.exactTails("wrk")).isFalse();
        assertThat(LAB.rampRefusal("hyperfoil")).isEmpty();
        assertThat(LAB.rampRefusal("wrk")).get().asString().startsWith("shape: wrk cannot raise its load inside the window (a ramp): use --engine ")
                .contains("hyperfoil");
        assertThat(LAB.exactTails("an engine of another build")).isTrue();
    }

    @Test
    void aPlanAnEngineCannotDriveIsRefusedInOneLine() {
        assertThat(LAB.refusal("hyperfoil", BURST, 0, true)).isEmpty();
        assertThat(LAB.refusal("k6", OPEN, 0, false)).isEmpty();
        assertThat(LAB.refusal("k6", CLOSED, 2, true)).as("k6 on two netns agents").isEmpty();
        assertThat(LAB.refusal("hyperfoil", CLOSED, 2, false)).contains("agents: load agents run --engine k6 (hyperfoil runs as one driver"
                + " on this machine; it has no way to split one test over several)");
        assertThat(LAB.refusal("k6", CLOSED, 0, true)).contains("topology split drives load with the hyperfoil driver, or with k6 on netns"
                + " agents: use --engine hyperfoil, or add --agents 1");
        assertThat(LAB.refusal("wrk", CLOSED, 0, true)).hasValueSatisfying(r -> assertThat(r).endsWith("use --engine hyperfoil"));
        assertThat(LAB.refusal("k6", BURST, 0, false)).contains("k6 has no burst shape: use --engine hyperfoil");
        assertThat(LAB.refusal("wrk", OPEN, 0, false)).contains("wrk has no open model: use --engine hyperfoil or k6");
        assertThat(LAB.refusal("jmeter", CLOSED, 0, false)).contains("unknown engine 'jmeter' (engines: hyperfoil, k6, wrk)");
    }

    @Test
    void anEngineAddedByOneLineIsRefusedByWhatItDeclares() {
        EngineCatalog withProbe = LAB.with(ProbeEngine.TYPE);

        assertThat(withProbe.ids()).containsExactly("hyperfoil", "k6", "wrk", "probe");
        assertThat(withProbe.refusal("probe", CLOSED, 0, false)).isEmpty();
        assertThat(withProbe.refusal("probe", OPEN, 0, false)).contains("probe has no open model: use --engine hyperfoil or k6");
        assertThat(withProbe.refusal("probe", BURST, 0, false)).contains("probe has no burst shape: use --engine hyperfoil");
        assertThat(withProbe.refusal("probe", CLOSED, 3, false)).hasValueSatisfying(r -> r.startsWith("agents: load agents run --engine k6"));
        // an engine that drives the closed model is offered where one is needed
        assertThat(withProbe.refusal("k6", BURST, 0, false)).contains("k6 has no burst shape: use --engine hyperfoil");

        LoadEngine probe = withProbe.byId("probe", Jdk.current(), CpuLayout.forCores(2, false));
        Path out = Path.of("/tmp");
        assertThat(probe.run(LoadSpec.closed("http://127.0.0.1:9/", 1, Duration.ZERO, Duration.ofSeconds(2), Duration.ofSeconds(1),
                out, "x", out.resolve("x.log")), p -> { }).durationS()).isEqualTo(2.0);
    }

    @Test
    void twoEnginesCannotShareAnId() {
        assertThatThrownBy(() -> LAB.with(ProbeEngine.TYPE, ProbeEngine.TYPE)).hasMessage("two engines are called 'probe'");
        assertThatThrownBy(() -> LAB.type("probe")).isInstanceOf(PlanException.class)
                .hasMessage("unknown engine 'probe' (engines: hyperfoil, k6, wrk)");
    }
}
