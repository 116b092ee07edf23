package dev.loomlab.server.mvc;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * The jar's entry point. On a JDK without virtual threads Spring Boot ignores
 * {@code spring.threads.virtual.enabled=true} silently, and the server would serve
 * "mvc-virtual" on platform threads: a lie in every result. So this refuses JDKs older than 21
 * with a clear message before Spring starts. Compiled for an older class-file version than the
 * rest of the module (see the pom), so that {@code java -jar} on JDK 17 — this machine's
 * default {@code java} — reaches this check instead of dying with
 * {@code UnsupportedClassVersionError}; for the same reason it names {@code MvcServer} only reflectively.
 */
public final class Launcher {
    /** Virtual threads are final from JDK 21 (JEP 444). */
    public static final int MIN_JDK = 21;
    /** Exit status when the JDK is too old. */
    public static final int EXIT_OLD_JDK = 2;
    /** The JDK's property for the number of carrier threads that run virtual threads. */
    public static final String CARRIERS = "jdk.virtualThreadScheduler.parallelism";

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        int feature = Runtime.version().feature();
        if (feature < MIN_JDK) {
            boolean virtual = Arrays.asList(args).contains("--spring.threads.virtual.enabled=true")
                    || "true".equalsIgnoreCase(System.getenv("SPRING_THREADS_VIRTUAL_ENABLED"));
            String model = virtual ? "mvc-virtual" : "mvc-platform";
            System.err.println("loomlab server model=" + model + " refuses to start: it needs JDK " + MIN_JDK
                    + " or newer" + (virtual ? " (virtual threads)" : "") + ", this is JDK "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home")
                    + "). Run it with a JDK " + MIN_JDK + "+ java.");
            System.exit(EXIT_OLD_JDK);
        }
        defaultCarriers();
        try {
            Class.forName("dev.loomlab.server.mvc.MvcServer")
                    .getMethod("main", String[].class)
                    .invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Sizes the virtual-thread carriers like Reactor Netty sizes its event loops: max(CPUs, 4),
     * unless the user set them. The JDK's default is one per CPU - one on the lab's single server
     * core, where the only carrier, preempted by Tomcat's poller, the GC or the JIT, stops every
     * virtual thread: mvc-virtual reached 0.94-0.96 of its 3,000-VU ceiling that way, 0.994-0.999
     * with 2 or 4 carriers (docs/measurements.md). The seeds' 4-core server had 4. Must run before
     * the first virtual thread exists: the scheduler reads the property once.
     */
    static void defaultCarriers() {
        if (System.getProperty(CARRIERS) == null) {
            System.setProperty(CARRIERS, String.valueOf(Math.max(Runtime.getRuntime().availableProcessors(), 4)));
        }
    }
}
