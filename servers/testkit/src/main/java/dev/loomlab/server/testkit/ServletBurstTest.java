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

    /**
     * Tomcat's 200 platform threads serve the burst in ceil(600/200) = 3 waves of 2 s, with at most 6 s of slack beyond
     * what sending and answering 600 requests costs this machine (the same burst without the sleep, timed first on the
     * cold server). A fixed 12 s held on a fast machine only: 4x slower, under load, the burst took 12.2 s.
     */
    @Test
    void platformThreadsServeABurstInWavesOfTwoHundred() {
        assertBurst(false, Duration.ofMillis(5_900), Duration.ofSeconds(12));
    }

    /**
     * A virtual thread per request serves the same burst in about one service time, with at most 2.5 s of slack beyond
     * that cost; three waves would take 6 s and that cost. A fixed 4.5 s held on a fast machine only: 4x slower, the
     * burst took 8.2 s.
     */
    @Test
    void virtualThreadsServeTheSameBurstAtOnce() {
        assertBurst(true, Duration.ofMillis(2_000), Duration.ofMillis(4_500));
    }

    /**
     * On a fresh server, a burst of 600 requests of 2 s takes at least {@code atLeast} and at most {@code atMost} beyond
     * what the same burst without the sleep, fired just before it, took.
     */
    private void assertBurst(boolean virtual, Duration atLeast, Duration atMost) {
        try (RunningServer server = starter.start(virtual, Dialect.POSTGRES)) {
            Duration cost = burstWallTime(server, 0);
            assertThat(burstWallTime(server, 2000)).as("600 requests sent and answered in %s without the sleep", cost)
                    .isBetween(atLeast, atMost.plus(cost));
        }
    }

    /** The wall time of a burst of 600 requests sleeping {@code ms}, every one of which must have been answered. */
    private static Duration burstWallTime(RunningServer server, long ms) {
        Burst.Result burst = Burst.fire(server.baseUrl() + "/block?ms=" + ms, 600, Duration.ofSeconds(30));
        assertThat(burst.ok()).isEqualTo(600);
        return burst.wallTime();
    }
}
