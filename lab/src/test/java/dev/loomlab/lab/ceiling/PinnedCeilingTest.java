package dev.loomlab.lab.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.catalog.Model;
import dev.loomlab.scenario.Scenarios;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PinnedCeilingTest {
    private static final Duration S = Duration.ofSeconds(1);

    private static Ceiling closed(Model model, dev.loomlab.scenario.Scenario scenario) {
        return Ceiling.of(model, scenario, S, 1000, 200, 150);
    }

    @Test
    void onJdk21SynchronizedCapsVirtualThreadsAtCarriersOverS() {
        Ceiling c = PinnedCeiling.apply(closed(Model.byId("mvc-virtual"), Scenarios.PINNED), Model.byId("mvc-virtual"), Scenarios.PINNED, S, 21, 1);

        assertThat(c.tps()).isEqualTo(4.0);
        assertThat(c.limitedBy()).isEqualTo("carriers");
        assertThat(c.formula()).startsWith("4 pinned carriers / 1.000 s = 4.0 TPS (synchronized pins on JDK 21");
    }

    @Test
    void fromJdk24SynchronizedKeepsTheLoadsCeiling() {
        Ceiling vus = closed(Model.byId("mvc-virtual"), Scenarios.PINNED);

        assertThat(PinnedCeiling.apply(vus, Model.byId("mvc-virtual"), Scenarios.PINNED, S, 24, 1)).isEqualTo(vus);
        assertThat(PinnedCeiling.apply(vus, Model.byId("mvc-virtual"), Scenarios.LOCKED, S, 21, 1)).as("a ReentrantLock never pins").isEqualTo(vus);
    }

    @Test
    void aNativeFramePinsOnEveryJdkAndTheCarriersFollowTheCores() {
        Ceiling c = PinnedCeiling.apply(closed(Model.byId("mvc-virtual"), Scenarios.NATIVE_PINNED), Model.byId("mvc-virtual"),
                Scenarios.NATIVE_PINNED, Duration.ofMillis(500), 25, 8);

        assertThat(c.tps()).isEqualTo(16.0);
        assertThat(c.formula()).contains("a native frame cannot unmount on any JDK");
    }

    @Test
    void platformThreadsHaveNoCarriersToPin() {
        Ceiling threads = closed(Model.byId("mvc-platform"), Scenarios.PINNED);

        assertThat(PinnedCeiling.apply(threads, Model.byId("mvc-platform"), Scenarios.PINNED, S, 21, 1)).isEqualTo(threads);
        assertThat(threads.tps()).isEqualTo(200.0);
    }

    @Test
    void theLowerOfTheTwoCeilingsWins() {
        // 3 VUs of 1 s: the load allows 3 TPS, below the 4 carriers.
        Ceiling three = Ceiling.of(Model.byId("mvc-virtual"), Scenarios.PINNED, S, 3, 200, 150);

        assertThat(PinnedCeiling.apply(three, Model.byId("mvc-virtual"), Scenarios.PINNED, S, 21, 1)).isEqualTo(three);
    }

    @Test
    void theVerdictNamesPinnedCarriers() {
        Ceiling c = PinnedCeiling.apply(closed(Model.byId("mvc-virtual"), Scenarios.PINNED), Model.byId("mvc-virtual"), Scenarios.PINNED, S, 21, 1);

        Verdict v = Verdict.of(c, 3.95, 120, java.util.Map.of(), Resources.cpuOnly(0.05, 1), Double.NaN);

        assertThat(v.limitedBy()).isEqualTo("carriers");
        assertThat(v.note()).contains("capped by the carrier threads, each held by a pinned virtual thread");
    }
}
