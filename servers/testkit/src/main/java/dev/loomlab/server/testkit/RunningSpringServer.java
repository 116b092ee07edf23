package dev.loomlab.server.testkit;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot server a test started in this JVM; closing it stops it. Compiled against Boot 4
 * and also run against the legacy server's Boot 2.7: it calls only methods both generations
 * have with the same signatures ({@code SpringApplicationBuilder(Class...).run(String...)}, the
 * context's environment and {@code close()}), so it links against either.
 */
public class RunningSpringServer implements RunningServer {
    private final ConfigurableApplicationContext context;

    protected RunningSpringServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Runs {@code application} (a {@code @SpringBootApplication}) with {@code args}. */
    protected static ConfigurableApplicationContext run(Class<?> application, String... args) {
        return new SpringApplicationBuilder(application).run(args);
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    @Override
    public int port() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    /** Actuator's own port (management.server.port). */
    public int managementPort() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.management.port"));
    }

    @Override
    public void close() {
        context.close();
    }
}
