package dev.loomlab.server.quarkus;

import io.smallrye.common.annotation.RunOnVirtualThread;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.sql.SQLException;

/**
 * A virtual thread per request (quarkus-virtual), Quarkus's {@code @RunOnVirtualThread}: the same blocking
 * handlers as the worker mode's, on threads that unmount from their carrier while they wait.
 */
@Path("/virtual")
@Produces(MediaType.TEXT_PLAIN)
@RunOnVirtualThread
public class VirtualScenarios {
    private final BlockingScenarios scenarios;

    VirtualScenarios(Pools pools) {
        this.scenarios = new BlockingScenarios(pools);
    }

    @GET
    @Path("/thread-name")
    public String threadName() {
        return scenarios.threadName();
    }

    @GET
    @Path("/block")
    public String block(@Context HttpServerRequest request) throws InterruptedException {
        return scenarios.block(request);
    }

    @GET
    @Path("/block-query")
    public String blockQuery(@Context HttpServerRequest request) throws InterruptedException, SQLException {
        return scenarios.blockQuery(request);
    }

    @GET
    @Path("/slow-query")
    public String slowQuery(@Context HttpServerRequest request) throws SQLException {
        return scenarios.slowQuery(request);
    }
}
