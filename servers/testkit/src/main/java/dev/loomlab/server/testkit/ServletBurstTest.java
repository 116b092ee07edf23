package dev.loomlab.server.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.verify.Burst;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What one flag changes for a servlet server (mvc on Boot 4; legacy on Boot 2.7, where the flag
 * turns on the virtual-thread recipe without upgrading Boot): 600 requests of 2 s fired at once.
 * Names no Spring type, like {@link ServletContractTest}.
 */
public abstract class ServletBurstTest {
    private final ServletContractTest.Starter starter;

    protected ServletBurstTest(ServletContractTest.Starter starter) {
        this.starter = starter;
    }

    /** Tomcat's 200 platform threads serve the burst in ceil(600/200) = 3 waves of 2 s. */
    @Test
    void platformThreadsServeABurstInWavesOfTwoHundred() {
        assertThat(burstWallTime(false)).isBetween(Duration.ofMillis(5_900), Duration.ofSeconds(12));
    }

    /** A virtual thread per request serves the same burst in about one service time. */
    @Test
    void virtualThreadsServeTheSameBurstAtOnce() {
        assertThat(burstWallTime(true)).isBetween(Duration.ofMillis(2_000), Duration.ofMillis(4_500));
    }

    /** The wall time of the burst, every request of which must have been answered. */
    private Duration burstWallTime(boolean virtual) {
        try (RunningServer server = starter.start(virtual, Dialect.POSTGRES)) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/block?ms=2000", 600, Duration.ofSeconds(30));

            assertThat(burst.ok()).isEqualTo(600);
            return burst.wallTime();
        }
    }
}
