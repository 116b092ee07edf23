package dev.loomlab.server.coroutines;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RunningReactiveServer;
import org.springframework.context.ConfigurableApplicationContext;

/** A real coroutines server, in this JVM, on an ephemeral port against a real embedded database. */
final class RunningCoroutinesServer extends RunningReactiveServer {

    private RunningCoroutinesServer(ConfigurableApplicationContext context) {
        super(context);
    }

    static RunningCoroutinesServer start(Dialect dialect, int poolSize, String... extraArgs) {
        return new RunningCoroutinesServer(run(CoroutinesServer.class, dialect, poolSize, extraArgs));
    }
}
