package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.ServerLauncher;
import dev.loomlab.server.testkit.OldJdkLauncherTest;

/** `java -jar` on an old JDK must reach this server's launcher check, and the check must refuse. */
class LauncherTest extends OldJdkLauncherTest {
    LauncherTest() {
        super(Launcher.class, ServerLauncher.EXIT_OLD_JDK);
    }
}
