package dev.loomlab.server.legacy;

import dev.loomlab.server.shared.ServletContract;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationListener;
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
     * Boot 3.2's switch, which Boot 2.7 predates: set to {@link #ON_REFRESH}, the server builds its context (loading
     * every class its start loads) and exits before it is ready, which is how the lab records the JVM's class-data
     * archive of it, as it does on the newer servers. The pool is filled at the ready event, so the database is not called.
     */
    static final String CONTEXT_EXIT = "spring.context.exit";

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(LegacyServer.class);
        if (ON_REFRESH.equals(System.getProperty(CONTEXT_EXIT))) {
            // At the started event, not the refreshed one: the refresh still holds the context's monitor, which
            // closing it (in the exit's shutdown hook) would wait on for ever.
            app.addListeners((ApplicationListener<ApplicationStartedEvent>) started ->
                    System.exit(SpringApplication.exit(started.getApplicationContext())));
        }
        app.run(args);
    }
}
