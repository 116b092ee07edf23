package dev.loomlab.server.webflux;

import dev.loomlab.server.shared.BadParameterAdvice;
import dev.loomlab.server.shared.DatabaseDialect;
import dev.loomlab.server.shared.ServerErrorAdvice;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The loomlab contract on Spring WebFlux: Reactor Netty event loops serve every request and
 * R2DBC carries every query, so no request ever holds a thread while it waits.
 * Start it through {@link Launcher} (the jar does), which checks the JDK first.
 */
@SpringBootApplication
// The error answers and the dialect are shared with the servlet servers (servers/shared).
@Import({BadParameterAdvice.class, ServerErrorAdvice.class})
public class WebfluxServer {

    /** The model id this server serves (see this module's loomlab-server.yaml). */
    public static final String MODEL = "webflux";

    public static void main(String[] args) {
        SpringApplication.run(WebfluxServer.class, args);
    }

    /** The SQL dialect, from the R2DBC URL the lab passes. */
    @Bean
    DatabaseDialect databaseDialect(@Value("${spring.r2dbc.url:}") String url) {
        return DatabaseDialect.ofR2dbcUrl(url);
    }
}
