package dev.loomlab.server.webflux;

import dev.loomlab.server.testkit.EventLoopBlockHoundTest;

/** BlockHound detects a blocking call in this module's test JVM (its own agent flags, see the pom). */
class BlockHoundTest extends EventLoopBlockHoundTest {
}
