package dev.loomlab.server.legacy;

import dev.loomlab.server.shared.ServerLauncher;

/**
 * The jar's entry point. The whole module is compiled for JDK 17, the JDK the legacy model runs
 * on; legacy-virtual needs virtual threads (JDK 21+), and is refused on an older JDK with one
 * clear line before Spring starts, rather than served on platform threads under its name. Its
 * carriers are sized as on the mvc server, and for its reason (see {@link ServerLauncher#defaultCarriers}).
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        if (ServerLauncher.virtualRequested(args)) {
            ServerLauncher.requireMinJdk("legacy-virtual", true);
            ServerLauncher.defaultCarriers();
        }
        LegacyServer.main(args);
    }
}
