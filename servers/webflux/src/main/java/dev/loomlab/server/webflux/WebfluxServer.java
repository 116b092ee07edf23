package dev.loomlab.server.webflux;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The loomlab contract on Spring WebFlux: Reactor Netty event loops serve every request and
 * R2DBC carries every query, so no request ever holds a thread while it waits.
 * Start it through {@link Launcher} (the jar does), which checks the JDK first.
 */
@SpringBootApplication
public class WebfluxServer {

    /** The model id this server serves (see this module's loomlab-server.yaml). */
    public static final String MODEL = "webflux";

    public static void main(String[] args) {
        SpringApplication.run(WebfluxServer.class, args);
    }
}
