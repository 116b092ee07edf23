package dev.loomlab.server.quarkus;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.net.URI;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Sends every request on the request port to the chosen mode's resource class: {@code /block}
 * becomes {@code /worker/block} when the process serves quarkus-worker. Quarkus REST decides at
 * build time which thread runs a handler (event loop, worker pool, virtual thread), from its
 * signature and annotations; a pre-matching filter is the runtime switch that keeps those three
 * real, annotated handlers and still lets the lab pick the model with an argument. A request
 * cannot reach another mode's handlers: its path is always prefixed. Also counts each request
 * ({@code loomlab_requests_total}, as every server does, from start-up on): metrics scrapes have a
 * port of their own.
 */
@Singleton
@Startup
public class ModeRouting {
    private final String prefix;
    private final Counter requests;

    ModeRouting(ServerConfig config, MeterRegistry registry) {
        this.prefix = config.mode().prefix();
        this.requests = Counter.builder("loomlab.requests")
                .description("requests received on the request port")
                .register(registry);
    }

    @ServerRequestFilter(preMatching = true)
    public void route(ContainerRequestContext request) {
        requests.increment();
        URI uri = request.getUriInfo().getRequestUri();
        String raw = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        request.setRequestUri(URI.create(prefix + raw));
    }
}
