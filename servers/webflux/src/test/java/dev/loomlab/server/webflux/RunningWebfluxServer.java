package dev.loomlab.server.webflux;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RunningReactiveServer;
import org.springframework.context.ConfigurableApplicationContext;

/** A real webflux server, in this JVM, on an ephemeral port against a real embedded database. */
final class RunningWebfluxServer extends RunningReactiveServer {

    private RunningWebfluxServer(ConfigurableApplicationContext context) {
        super(context);
    }

    static RunningWebfluxServer start(Dialect dialect, int poolSize, String... extraArgs) {
        return new RunningWebfluxServer(run(WebfluxServer.class, dialect, poolSize, extraArgs));
    }
}
