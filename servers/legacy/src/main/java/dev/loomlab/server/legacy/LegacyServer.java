package dev.loomlab.server.legacy;

import dev.loomlab.server.shared.ServletContract;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * Spring Boot 2.7 MVC on Tomcat 9 with JDBC, compiled for JDK 17: the legacy model, and with
 * {@code spring.threads.virtual.enabled=true} (bound by {@link VirtualThreadsRecipe}, not by Boot
 * 2.7, which predates the property) the legacy-virtual model.
 */
@SpringBootApplication
@Import(ServletContract.class)
public class LegacyServer {
    public static void main(String[] args) {
        SpringApplication.run(LegacyServer.class, args);
    }
}
