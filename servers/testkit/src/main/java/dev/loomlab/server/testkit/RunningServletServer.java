package dev.loomlab.server.testkit;

import dev.loomlab.scenario.Dialect;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real servlet server (mvc on Boot 4, or legacy on Boot 2.7: the same properties, a different
 * application class), in this JVM, on an ephemeral port against a real embedded database.
 */
public final class RunningServletServer extends RunningSpringServer {

    private RunningServletServer(ConfigurableApplicationContext context) {
        super(context);
    }

    /** Starts {@code application} with {@link ServletServerArgs}: the thread model, the database, then {@code extraArgs}. */
    public static RunningServletServer start(Class<?> application, boolean virtualThreads, Dialect dialect, String... extraArgs) {
        return new RunningServletServer(run(application, ServletServerArgs.of(virtualThreads, dialect, extraArgs)));
    }
}
