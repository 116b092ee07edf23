package dev.loomlab.server.shared;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * What every server's {@code Launcher} does before Spring starts: refuse a JDK older than 21 in
 * one line (rather than serve a model under a name it cannot keep), size the virtual-thread
 * carriers, and start the application. Plain Java compiled for release 17, like the launchers
 * that call it, so that {@code java -jar} on JDK 17 reaches the check instead of dying with
 * {@code UnsupportedClassVersionError}; for the same reason it starts the application reflectively.
 */
public final class ServerLauncher {
    /** Virtual threads are final from JDK 21 (JEP 444); the lab compares models on 21 and newer. */
    public static final int MIN_JDK = 21;
    /** Exit status when the JDK is too old. */
    public static final int EXIT_OLD_JDK = 2;
    /** The JDK's property for the number of carrier threads that run virtual threads. */
    public static final String CARRIERS = "jdk.virtualThreadScheduler.parallelism";

    private ServerLauncher() {
    }

    /** The lab's switch: {@code --spring.threads.virtual.enabled=true} or its environment variable. */
    public static boolean virtualRequested(String[] args) {
        return Arrays.asList(args).contains("--spring.threads.virtual.enabled=true")
                || "true".equalsIgnoreCase(System.getenv("SPRING_THREADS_VIRTUAL_ENABLED"));
    }

    /**
     * Exits with {@link #EXIT_OLD_JDK} and one line naming {@code model} when this JDK is older
     * than {@link #MIN_JDK}; {@code virtualThreads} says that the model needs them (the reason to give).
     */
    public static void requireMinJdk(String model, boolean virtualThreads) {
        if (Runtime.version().feature() >= MIN_JDK) {
            return;
        }
        System.err.println("loomlab server model=" + model + " refuses to start: it needs JDK " + MIN_JDK
                + " or newer" + (virtualThreads ? " (virtual threads)" : "") + ", this is JDK "
                + System.getProperty("java.version") + " (" + System.getProperty("java.home") + "). Run it with a JDK "
                + MIN_JDK + "+ java (tools/install-jdks.sh puts one in .loomlab/tools).");
        System.exit(EXIT_OLD_JDK);
    }

    /**
     * Sizes the virtual-thread carriers like Reactor Netty sizes its event loops: max(CPUs, 4),
     * unless the user set them. The JDK's default is one per CPU - one on the lab's single server
     * core, where the only carrier, preempted by Tomcat's poller, the GC or the JIT, stops every
     * virtual thread: mvc-virtual reached 0.94-0.96 of its 3,000-VU ceiling that way, 0.994-0.999
     * with 2 or 4 carriers (docs/measurements.md). The seeds' 4-core server had 4. Must run before
     * the first virtual thread exists: the scheduler reads the property once.
     */
    public static void defaultCarriers() {
        if (System.getProperty(CARRIERS) == null) {
            System.setProperty(CARRIERS, String.valueOf(Math.max(Runtime.getRuntime().availableProcessors(), 4)));
        }
    }

    /** Runs {@code mainClass}'s {@code main}, named by string: it is compiled for a newer release than this class. */
    public static void start(String mainClass, String[] args) throws Throwable {
        try {
            Class.forName(mainClass).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
