package dev.loomlab.server.webflux;

import dev.loomlab.server.testkit.OldJdkLauncherTest;

/** `java -jar` on an old JDK must reach this server's launcher check, and the check must refuse. */
class LauncherTest extends OldJdkLauncherTest {
    LauncherTest() {
        super(Launcher.class, Launcher.EXIT_OLD_JDK);
    }
}
