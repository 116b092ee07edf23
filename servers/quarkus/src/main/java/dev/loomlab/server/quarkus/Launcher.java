package dev.loomlab.server.quarkus;

import dev.loomlab.server.shared.ServerLauncher;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * The jar's entry point. The lab starts every server with Spring-style arguments
 * ({@code --server.port=N --loomlab.pool-size=150 --loomlab.mode=worker …}); Quarkus reads no
 * command line, so each {@code --key=value} becomes a system property, which its configuration
 * reads ({@code application.properties} maps {@code server.port} to {@code quarkus.http.port}).
 * Anything else is refused in one line. Runs before Quarkus reads its runtime configuration.
 */
@QuarkusMain
public final class Launcher {
    /** Exit status for arguments that are not {@code --key=value}. */
    static final int EXIT_BAD_ARGUMENT = 2;
    /** Quarkus's event-loop count, which its HTTP server and the reactive pool both use. */
    static final String EVENT_LOOPS = "quarkus.vertx.event-loops-pool-size";

    private Launcher() {
    }

    public static void main(String[] args) {
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 3) {
                System.err.println("loomlab quarkus server: expected --key=value arguments, got '" + arg + "'");
                System.exit(EXIT_BAD_ARGUMENT);
            }
            System.setProperty(arg.substring(2, eq), arg.substring(eq + 1));
        }
        // Reactor Netty's count on the webflux server, max(CPUs, 4), rather than Quarkus's 2 × CPUs:
        // the same event loops for the two event-loop models.
        if (System.getProperty(EVENT_LOOPS) == null) {
            System.setProperty(EVENT_LOOPS, String.valueOf(Math.max(Runtime.getRuntime().availableProcessors(), 4)));
        }
        ServerLauncher.defaultCarriers();
        Quarkus.run(QuarkusServer.class, args);
    }
}
