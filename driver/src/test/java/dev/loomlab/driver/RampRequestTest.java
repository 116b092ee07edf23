package dev.loomlab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.Ramp;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A request's ramp as the driver runs it: the top's sessions from the start, each let through from the second its level reaches it. */
class RampRequestTest {
    @Test
    void sessionIWaitsForTheSecondTheRampReachesIPlusOneVus() {
        DriverRequest request = DriverRequest.of("http://127.0.0.1:8080/", "GET", new Workload.Closed(400),
                new Window(Duration.ofSeconds(5), Duration.ofSeconds(30)), Duration.ofSeconds(10), "out", "cell")
                .shaped(null, new Ramp(50, Duration.ofSeconds(20)));
        DriverSpec spec = DriverSpec.of(request, Target.parse(request.url(), false), null, 0);
        RampGate gate = (RampGate) spec.gate().orElseThrow();

        assertThat(spec.maxSessions()).isEqualTo(400);
        assertThat(spec.shape()).isEqualTo("ramp");
        // the warm-up and the window's first second at 50; 17.5 VUs a second (rounded) after that; 400 from 20 s on
        assertThat(gate.activeAt(0)).isEqualTo(50);
        assertThat(gate.activeAt(5_999)).isEqualTo(50);
        assertThat(gate.activeAt(6_000)).isEqualTo(68);
        assertThat(gate.activeAt(5_000 + 20_000)).isEqualTo(400);
        assertThat(gate.activeAt(5_000 + 29_999)).isEqualTo(400);
        // session 60 (the 61st user) sends from the window's second 1; session 399 from its second 20
        assertThat(gate.nextActivation(60, 0)).isEqualTo(6_000);
        assertThat(gate.nextActivation(399, 0)).isEqualTo(25_000);
        assertThat(gate.active(49, 0)).isTrue();
        assertThat(gate.active(50, 0)).isFalse();
    }
}
