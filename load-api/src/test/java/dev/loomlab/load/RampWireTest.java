package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A ramp in the driver's request, only where the driver can run it (its wire form: request-ramp.json, WireFormatContract). */
class RampWireTest {
    private static final Window FIXED = new Window(Duration.ofSeconds(5), Duration.ofSeconds(30));
    private static final Ramp RAMP = new Ramp(50, Duration.ofSeconds(20));

    private static DriverRequest request(Workload workload, Window window, Ramp ramp) {
        return DriverRequest.of("http://127.0.0.1:8080/", "GET", workload, window, Duration.ofSeconds(10), "out", "cell").shaped(null, ramp);
    }

    @Test
    void aRampRisesAClosedLoadToItsVusInsideAFixedWindow() {
        assertThat(request(new Workload.Closed(400), FIXED, RAMP).ramp()).isEqualTo(RAMP);
        // a ramp as long as the window reaches its top at the window's end
        assertThat(request(new Workload.Closed(400), new Window(Duration.ofSeconds(5), Duration.ofSeconds(20)), RAMP).ramp()).isEqualTo(RAMP);
    }

    @Test
    void aRampIsRefusedWhereTheDriverCouldNotRunIt() {
        assertThatThrownBy(() -> request(new Workload.Open(100), FIXED, RAMP)).hasMessageStartingWith("ramp: raises a closed load");
        assertThatThrownBy(() -> request(new Workload.Closed(50), FIXED, RAMP))
                .hasMessage("ramp: rises from 50 VUs to the workload's 50: from must be fewer");
        assertThatThrownBy(() -> request(new Workload.Closed(400), Window.settling(Duration.ofSeconds(5), Duration.ofSeconds(20),
                Duration.ofSeconds(30)), RAMP)).hasMessageContaining("give a fixed warmup");
        assertThatThrownBy(() -> request(new Workload.Closed(400), new Window(Duration.ofSeconds(5), Duration.ofSeconds(15)), RAMP))
                .hasMessage("ramp: over 20s, longer than the 15s window");
        assertThatThrownBy(() -> request(new Workload.Closed(400), FIXED, RAMP).shaped(new Spike(2, Duration.ofSeconds(5),
                Duration.ofSeconds(5)), RAMP)).hasMessageContaining("a ramp or a spike, not both");
    }
}
