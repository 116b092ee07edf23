package dev.loomlab.server.quarkus;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.net.URI;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Sends every request on the request port to the chosen mode's resource class: {@code /block}
 * becomes {@code /worker/block} when the process serves quarkus-worker. Quarkus REST decides at
 * build time which thread runs a handler (event loop, worker pool, virtual thread), from its
 * signature and annotations; a pre-matching filter is the runtime switch that keeps those three
 * real, annotated handlers and still lets the lab pick the model with an argument. A request
 * cannot reach another mode's handlers: its path is always prefixed. It also counts the request.
 */
public class ModeRouting {
    private final String prefix;
    private final RequestCounter counter;

    ModeRouting(ServerConfig config, RequestCounter counter) {
        this.prefix = config.mode().prefix();
        this.counter = counter;
    }

    @ServerRequestFilter(preMatching = true)
    public void route(ContainerRequestContext request) {
        counter.received();
        URI uri = request.getUriInfo().getRequestUri();
        String raw = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        request.setRequestUri(URI.create(prefix + raw));
    }
}
