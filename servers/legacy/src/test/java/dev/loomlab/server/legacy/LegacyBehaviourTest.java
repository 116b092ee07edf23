package dev.loomlab.server.legacy;

import dev.loomlab.server.testkit.RunningServletServer;
import dev.loomlab.server.testkit.ServletBurstTest;

/**
 * Seed 001's question, bounded: does a team on Spring Boot 2.7 get the virtual-thread gain on
 * {@code block} from the recipe alone, without upgrading Boot? The same bursts and bounds as the
 * mvc server's: legacy in waves of Tomcat's 200 threads, legacy-virtual at once.
 */
class LegacyBehaviourTest extends ServletBurstTest {
    LegacyBehaviourTest() {
        super((virtual, dialect) -> RunningServletServer.start(LegacyServer.class, virtual, dialect));
    }
}
