package dev.loomlab.server.helidon;

import dev.loomlab.server.shared.ServerLauncher;
import dev.loomlab.server.testkit.OldJdkLauncherTest;

/** `java -jar` on JDK 17 reaches the launcher, which refuses it in one line. */
class LauncherTest extends OldJdkLauncherTest {
    LauncherTest() {
        super(Launcher.class, ServerLauncher.EXIT_OLD_JDK);
    }
}
