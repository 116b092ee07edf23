package dev.loomlab.server.coroutines;

import dev.loomlab.server.shared.ServerLauncher;

/**
 * The jar's entry point: refuses JDKs older than 21 with a clear message, then starts
 * {@code CoroutinesServer}. Compiled for an older class-file version than the rest of the module
 * (see the pom) so that {@code java -jar} on JDK 17 — this machine's default {@code java} —
 * reaches this check instead of dying with {@code UnsupportedClassVersionError}. For the same
 * reason it names {@code CoroutinesServer} only by string.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        ServerLauncher.requireMinJdk("coroutines", false);
        ServerLauncher.start("dev.loomlab.server.coroutines.CoroutinesServer", args);
    }
}
