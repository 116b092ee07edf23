package dev.loomlab.server.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.scenario.verify.Burst;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Seed 001's question, bounded: does a team on Spring Boot 2.7 get the virtual-thread gain on
 * {@code block} from the recipe alone, without upgrading Boot? 600 requests of 2 s at once.
 * Alike MvcBehaviourTest's bursts by design: the same bounds, written out, are the question asked.
 */
class LegacyBehaviourTest {

    /** 200 platform threads serve the burst in ceil(600/200) = 3 waves of 2 s. */
    @Test
    void legacyServesABurstInWavesOfTwoHundred() {
        try (RunningLegacyServer server = RunningLegacyServer.start(false, Dialect.POSTGRES)) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/block?ms=2000", 600, Duration.ofSeconds(30));

            assertThat(burst.ok()).isEqualTo(600);
            assertThat(burst.wallTime()).isBetween(Duration.ofMillis(5_900), Duration.ofSeconds(12));
        }
    }

    /** The recipe's virtual thread per request serves the same burst in about one service time. */
    @Test
    void legacyVirtualServesTheSameBurstAtOnce() {
        try (RunningLegacyServer server = RunningLegacyServer.start(true, Dialect.POSTGRES)) {
            Burst.Result burst = Burst.fire(server.baseUrl() + "/block?ms=2000", 600, Duration.ofSeconds(30));

            assertThat(burst.ok()).isEqualTo(600);
            assertThat(burst.wallTime()).isBetween(Duration.ofMillis(2_000), Duration.ofMillis(4_500));
        }
    }
}
