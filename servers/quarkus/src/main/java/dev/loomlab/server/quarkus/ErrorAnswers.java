package dev.loomlab.server.quarkus;

import dev.loomlab.scenario.BadParameterException;
import dev.loomlab.scenario.Responses;
import dev.loomlab.scenario.ServerErrorKind;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.sql.SQLException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The Spring servers' error answers: a parameter outside the contract gets 400 with one line; a
 * failure inside gets one line too, with its kind counted ({@code loomlab_server_errors_total}).
 * Created at start-up, so that a scrape before the first error already shows every kind.
 */
@Singleton
@Startup
public class ErrorAnswers {
    /**
     * Agroal's acquisition timeout is a plain {@link SQLException} with this message (it has no type
     * of its own), so the shared classification would call it a database error.
     */
    static final String AGROAL_TIMEOUT = "acquisition timeout";

    private final MeterRegistry registry;

    ErrorAnswers(MeterRegistry registry) {
        this.registry = registry;
        for (ServerErrorKind kind : ServerErrorKind.values()) {
            registry.counter(ServerErrorKind.METRIC, "kind", kind.id());
        }
    }

    @ServerExceptionMapper
    public Response badParameter(BadParameterException e) {
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.TEXT_PLAIN).entity(Responses.badParameter(e)).build();
    }

    @ServerExceptionMapper
    public Response failed(Exception e) {
        if (e instanceof WebApplicationException web) {
            // Quarkus REST's own answers (404 for a path outside the contract, 405 …) stay as they are.
            return web.getResponse();
        }
        ServerErrorKind kind = kind(e);
        registry.counter(ServerErrorKind.METRIC, "kind", kind.id()).increment();
        return Response.status(kind.status()).type(MediaType.TEXT_PLAIN).entity(kind.body(e)).build();
    }

    /**
     * The shared classification, and the two pool timeouts it cannot tell by type: Agroal's (see
     * {@link #AGROAL_TIMEOUT}) and the Vert.x pool's ({@link ReactivePool.WaitTimeout}).
     */
    static ServerErrorKind kind(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException && t.getMessage() != null && t.getMessage().contains(AGROAL_TIMEOUT)
                    || t instanceof ReactivePool.WaitTimeout) {
                return ServerErrorKind.POOL_TIMEOUT;
            }
        }
        return ServerErrorKind.of(error);
    }
}
