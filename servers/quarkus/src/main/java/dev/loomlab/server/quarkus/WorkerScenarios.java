package dev.loomlab.server.quarkus;

import io.smallrye.common.annotation.Blocking;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

/**
 * On Quarkus's worker pool (quarkus-worker): platform threads named {@code executor-thread-N}, at most
 * {@code quarkus.thread-pool.max-threads} of them, the request-thread limit as Tomcat's is on mvc-platform.
 */
@Path("/worker")
@Produces(MediaType.TEXT_PLAIN)
@Blocking
public class WorkerScenarios {
    private final BlockingScenarios scenarios;
    private final RequestThreads threads;

    WorkerScenarios(Pools pools, RequestThreads threads) {
        this.scenarios = new BlockingScenarios(pools);
        this.threads = threads;
    }

    @GET
    @Path("/thread-name")
    public String threadName() throws Exception {
        return threads.serving(scenarios::threadName);
    }

    @GET
    @Path("/block")
    public String block(@Context HttpServerRequest request) throws Exception {
        return threads.serving(() -> scenarios.block(request));
    }

    @GET
    @Path("/block-query")
    public String blockQuery(@Context HttpServerRequest request) throws Exception {
        return threads.serving(() -> scenarios.blockQuery(request));
    }

    @GET
    @Path("/slow-query")
    public String slowQuery(@Context HttpServerRequest request) throws Exception {
        return threads.serving(() -> scenarios.slowQuery(request));
    }
}
