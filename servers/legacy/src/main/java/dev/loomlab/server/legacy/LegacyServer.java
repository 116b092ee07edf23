package dev.loomlab.server.legacy;

import dev.loomlab.server.shared.ServletContract;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Import;

/**
 * Spring Boot 2.7 MVC on Tomcat 9 with JDBC, compiled for JDK 17: the legacy model, and with
 * {@code spring.threads.virtual.enabled=true} (bound by {@link VirtualThreadsRecipe}, not by Boot
 * 2.7, which predates the property) the legacy-virtual model.
 */
@SpringBootApplication
@Import(ServletContract.class)
public class LegacyServer {
    /** The value of {@link #CONTEXT_EXIT} that ends the JVM once the context is refreshed. */
    static final String ON_REFRESH = "onRefresh";
    /**
     * Spring 6.1's switch, which Spring 5.3 predates: set to {@link #ON_REFRESH}, the server builds its context (loading
     * every class its start loads) and exits before any of its lifecycle beans starts, so before its web server listens
     * and its pool is filled: this is how the lab records the JVM's class-data archive of it, as it does on the newer
     * servers, without a port anyone could connect to or a database call.
     */
    static final String CONTEXT_EXIT = "spring.context.exit";

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(LegacyServer.class);
        if (ON_REFRESH.equals(System.getProperty(CONTEXT_EXIT))) {
            // The exit comes from inside the refresh, which holds the context's monitor: Boot's shutdown hook, closing
            // the context, would wait on it for ever; there is nothing to close yet.
            app.setRegisterShutdownHook(false);
            app.addInitializers(context -> context.getBeanFactory().registerSingleton("exitOnRefresh", new ExitOnRefresh()));
        }
        app.run(args);
    }

    /** Started first of the lifecycle beans (the web server among them), it ends the JVM. */
    private static final class ExitOnRefresh implements SmartLifecycle {
        @Override
        public void start() {
            System.exit(0);
        }

        @Override
        public void stop() {
        }

        @Override
        public boolean isRunning() {
            return false;
        }

        @Override
        public int getPhase() {
            return Integer.MIN_VALUE;
        }
    }
}
