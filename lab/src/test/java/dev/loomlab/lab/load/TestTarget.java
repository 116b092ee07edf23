package dev.loomlab.lab.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real HTTP server on 127.0.0.1 (an ephemeral port), a virtual thread per request:
 * <ul>
 * <li>{@code /fast}: 200 after 50 ms — a closed loop of N users makes N / 0.05 s requests per second;</li>
 * <li>{@code /mixed}: by turns a 200 after {@value #SLOW_MS} ms (past a 1 s client timeout), a 500
 *     at once, and two 200s after 50 ms.</li>
 * </ul>
 * A test class shares one for all its tests: {@code @RegisterExtension static final TestTarget target = new TestTarget();}
 * starts it before the first test and stops it after the last.
 */
final class TestTarget implements BeforeAllCallback, AfterAllCallback {
    static final long FAST_MS = 50;
    static final long SLOW_MS = 1500;

    private final AtomicLong mixed = new AtomicLong();
    private HttpServer server;
    private ExecutorService executor;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        executor = Executors.newVirtualThreadPerTaskExecutor();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        server.setExecutor(executor);
        server.createContext("/fast", ex -> answer(ex, FAST_MS, 200));
        server.createContext("/mixed", ex -> {
            long n = mixed.getAndIncrement() % 4;
            answer(ex, n == 0 ? SLOW_MS : n == 1 ? 0 : FAST_MS, n == 1 ? 500 : 200);
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static void answer(HttpExchange ex, long sleepMs, int status) throws IOException {
        try {
            if (sleepMs > 0) {
                Thread.sleep(sleepMs);
            }
            byte[] body = (status == 200 ? "ok" : "failed").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, body.length);
            ex.getResponseBody().write(body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException clientGone) {
            // A client that timed out has closed its connection: nothing to answer.
        } finally {
            ex.close();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        server.stop(0);
        executor.shutdownNow();
    }
}
