package dev.loomlab.server.legacy;

import dev.loomlab.scenario.Dialect;
import dev.loomlab.server.testkit.RunningServer;
import dev.loomlab.server.testkit.ServletServerArgs;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real legacy (Boot 2.7) server, in this JVM, on an ephemeral port against a real embedded
 * database; closing it stops it. Alike RunningMvcServer by design: Spring 5's context type here,
 * Spring 7's there, so the few lines that touch it cannot live in one shared class.
 */
final class RunningLegacyServer implements RunningServer {
    private final ConfigurableApplicationContext context;

    private RunningLegacyServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static RunningLegacyServer start(boolean virtualThreads, Dialect dialect, String... extraArgs) {
        return new RunningLegacyServer(new SpringApplicationBuilder(LegacyServer.class).run(ServletServerArgs.of(virtualThreads, dialect, extraArgs)));
    }

    @Override
    public int port() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    @Override
    public void close() {
        context.close();
    }
}
