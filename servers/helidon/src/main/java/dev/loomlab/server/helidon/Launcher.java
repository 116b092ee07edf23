package dev.loomlab.server.helidon;

import dev.loomlab.server.shared.ServerLauncher;

/**
 * The jar's entry point. Helidon 4 serves every connection on a virtual thread and has no other
 * mode, so on a JDK older than 21 there is no model to run: this refuses such a JDK in one line.
 * Compiled for an older class-file version than the rest of the module (see the pom), so that
 * {@code java -jar} on JDK 17 — this machine's default {@code java} — reaches the check instead of
 * dying with {@code UnsupportedClassVersionError}; for the same reason it names
 * {@code HelidonServer} only by string.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        ServerLauncher.requireMinJdk("helidon-virtual", true);
        ServerLauncher.defaultCarriers();
        ServerLauncher.start("dev.loomlab.server.helidon.HelidonServer", args);
    }
}
