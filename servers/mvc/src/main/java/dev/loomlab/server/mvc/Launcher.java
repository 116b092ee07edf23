package dev.loomlab.server.mvc;

import dev.loomlab.server.shared.ServerLauncher;

/**
 * The jar's entry point. On a JDK without virtual threads Spring Boot ignores
 * {@code spring.threads.virtual.enabled=true} silently, and the server would serve
 * "mvc-virtual" on platform threads: a lie in every result. So this refuses JDKs older than 21
 * with a clear message before Spring starts. Compiled for an older class-file version than the
 * rest of the module (see the pom), so that {@code java -jar} on JDK 17 — this machine's
 * default {@code java} — reaches this check instead of dying with
 * {@code UnsupportedClassVersionError}; for the same reason it names {@code MvcServer} only by string.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        boolean virtual = ServerLauncher.virtualRequested(args);
        ServerLauncher.requireMinJdk(virtual ? "mvc-virtual" : "mvc-platform", virtual);
        ServerLauncher.defaultCarriers();
        ServerLauncher.start("dev.loomlab.server.mvc.MvcServer", args);
    }
}
