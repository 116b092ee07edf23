package dev.loomlab.driver;

import dev.loomlab.load.DriverRequest;
import dev.loomlab.load.Window;
import dev.loomlab.load.Workload;
import java.time.Duration;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;

/**
 * Warms the driver's own request path (Hyperfoil's session, request, response-parsing and
 * completion code) before a burst, against a throw-away HTTP server inside this JVM on 127.0.0.1 —
 * never against the target. A burst has no warm-up of its own: without this, its N requests are the
 * first the driver JVM ever sends, in interpreted code, and "all at once" is spread over tens of
 * milliseconds (measured here: 60–100 ms for 200 requests on 2 cores), which is added to the
 * burst's wall time.
 */
final class DriverWarmup {
    private DriverWarmup() {
    }

    /** Runs a short closed-model load of {@code vus} sessions for {@code ms} against an in-JVM endpoint. */
    static void run(DriverSpec burst, int vus, long ms) throws IOException, InterruptedException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", ex -> {
            try (ex; OutputStream out = ex.getResponseBody()) {
                ex.sendResponseHeaders(200, body.length);
                out.write(body);
            } catch (IOException ignored) {
                // the warm-up ended
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/warmup";
            Target target = Target.parse(url, false);
            // a window is at least a second (statistics are kept per second): a shorter warm-up runs for one
            DriverRequest request = new DriverRequest(url, burst.method(), burst.body(), burst.contentType(), new Workload.Closed(vus),
                    new Window(Duration.ZERO, Duration.ofMillis(Math.max(ms, 1000))), Duration.ofSeconds(5), null, vus,
                    Math.min(burst.threads(), vus), false, burst.request().outDir(), "driver-warmup");
            DriverSpec spec = DriverSpec.of(request, target, null, 0);
            HyperfoilRun.run(spec, (elapsedMs, newlyDone, completions) -> {
            });
        } finally {
            server.stop(0);
            executor.shutdownNow();
            Completions.RUN.install(null);
        }
    }
}
