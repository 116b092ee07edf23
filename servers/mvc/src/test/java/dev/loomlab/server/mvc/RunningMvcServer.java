package dev.loomlab.server.mvc;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RunningServer;
import dev.loomlab.server.testkit.ServletServerArgs;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real mvc server on an ephemeral port against a real embedded database; closing it stops it.
 * Alike RunningLegacyServer by design: the same few lines over Spring 7's and Spring 5's own
 * (binary-incompatible) context types, which one shared class could not name for both.
 */
final class RunningMvcServer implements RunningServer {
    private final ConfigurableApplicationContext context;

    private RunningMvcServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static RunningMvcServer start(boolean virtualThreads, Dialect dialect, String... extraArgs) {
        return new RunningMvcServer(new SpringApplicationBuilder(MvcServer.class).run(ServletServerArgs.of(virtualThreads, dialect, extraArgs)));
    }

    @Override
    public int port() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    /** Actuator's own port (management.server.port). */
    int managementPort() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.management.port"));
    }

    @Override
    public void close() {
        context.close();
    }
}
