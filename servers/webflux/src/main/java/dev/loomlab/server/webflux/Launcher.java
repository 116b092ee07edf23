package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.ServerLauncher;

/**
 * The jar's entry point: refuses JDKs older than 21 with a clear message, then starts
 * {@code WebfluxServer}. Compiled for an older class-file version than the rest of the module
 * (see the pom) so that {@code java -jar} on JDK 17 — this machine's default {@code java} —
 * reaches this check instead of dying with {@code UnsupportedClassVersionError}. For the same
 * reason it names {@code WebfluxServer} only by string.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        ServerLauncher.requireMinJdk("webflux", false);
        ServerLauncher.start("dev.loomlab.server.webflux.WebfluxServer", args);
    }
}
