package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A spike in the driver's request, only where the driver can place it (its wire form: request-spike.json, WireFormatContract). */
class SpikeWireTest {
    private static final Window FIXED = new Window(Duration.ofSeconds(5), Duration.ofSeconds(30));

    private static DriverRequest request(Workload workload, Window window, Spike spike) {
        return DriverRequest.of("http://127.0.0.1:8080/", "GET", workload, window, Duration.ofSeconds(10), "out", "cell").shaped(spike, null);
    }

    @Test
    void theStepIsTheSteadyLoadTimesItsFactor() {
        Spike spike = new Spike(2.5, Duration.ofSeconds(10), Duration.ofSeconds(5));

        assertThat(spike.during(new Workload.Closed(20))).isEqualTo(new Workload.Closed(50));
        assertThat(spike.end()).isEqualTo(Duration.ofSeconds(15));
        assertThat(spike.spelling()).isEqualTo("spike 2.5x for 5s at 10s");
        assertThat(request(new Workload.Closed(20), FIXED, spike).spike()).isEqualTo(spike);
    }

    @Test
    void aSpikeIsAClosedLoadsPlacedInsideAFixedWindow() {
        Spike spike = new Spike(3, Duration.ofSeconds(10), Duration.ofSeconds(5));
        assertThatThrownBy(() -> request(new Workload.Open(100), FIXED, spike)).hasMessageStartingWith("spike: steps a closed load");
        assertThatThrownBy(() -> request(new Workload.Closed(20), Window.settling(Duration.ofSeconds(5), Duration.ofSeconds(20),
                Duration.ofSeconds(30)), spike)).hasMessageContaining("give a fixed warmup");
        assertThatThrownBy(() -> request(new Workload.Closed(20), new Window(Duration.ofSeconds(5), Duration.ofSeconds(15)), spike))
                .hasMessage("spike: ends at 15s, not inside the 15s window");
        assertThatThrownBy(() -> new Spike(1, Duration.ofSeconds(1), Duration.ofSeconds(1))).hasMessageContaining("above 1x");
    }
}
