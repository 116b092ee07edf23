package dev.loomlab.server.webflux;

import java.lang.reflect.InvocationTargetException;

/**
 * The jar's entry point: refuses JDKs older than 21 with a clear message, then starts
 * {@link WebfluxServer}. Compiled for an older class-file version than the rest of the module
 * (see the pom) so that {@code java -jar} on JDK 17 — this machine's default {@code java} —
 * reaches this check instead of dying with {@code UnsupportedClassVersionError}. For the same
 * reason it names {@code WebfluxServer} only reflectively.
 */
// Kept per server on purpose: a shared launcher would need its own module compiled for release 17 (scenario is 21).
public final class Launcher {
    /** The oldest JDK the lab compares on: virtual threads are final from JDK 21 (JEP 444). */
    public static final int MIN_JDK = 21;
    /** Exit status when the JDK is too old. */
    public static final int EXIT_OLD_JDK = 2;

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        int feature = Runtime.version().feature();
        if (feature < MIN_JDK) {
            System.err.println("loomlab server model=webflux refuses to start: it needs JDK " + MIN_JDK
                    + " or newer, this is JDK " + System.getProperty("java.version")
                    + " (" + System.getProperty("java.home") + "). Run it with a JDK " + MIN_JDK + "+ java.");
            System.exit(EXIT_OLD_JDK);
        }
        try {
            Class.forName("dev.loomlab.server.webflux.WebfluxServer")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
