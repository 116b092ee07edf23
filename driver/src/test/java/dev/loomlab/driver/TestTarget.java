package dev.loomlab.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A tiny HTTP target on 127.0.0.1 (ephemeral port), one virtual thread per request:
 * {@code /block?ms=N} sleeps N ms then answers 200, {@code /fail} answers 500 at once.
 */
final class TestTarget implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    final AtomicLong served = new AtomicLong();

    TestTarget() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        server.setExecutor(executor);
        server.createContext("/block", ex -> {
            long ms = queryLong(ex, "ms", 0);
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(ex, 200, "ok");
        });
        server.createContext("/fail", ex -> respond(ex, 500, "boom"));
        server.start();
    }

    String url(String pathAndQuery) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery;
    }

    private void respond(HttpExchange ex, int status, String body) throws IOException {
        served.incrementAndGet();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (ex; OutputStream out = ex.getResponseBody()) {
            ex.sendResponseHeaders(status, bytes.length);
            out.write(bytes);
        } catch (IOException e) {
            // the driver gave up on this request (timeout) and closed the connection
        }
    }

    private static long queryLong(HttpExchange ex, String name, long dflt) {
        String q = ex.getRequestURI().getRawQuery();
        if (q == null) {
            return dflt;
        }
        for (String kv : q.split("&")) {
            int eq = kv.indexOf('=');
            if (eq > 0 && kv.substring(0, eq).equals(name)) {
                return Long.parseLong(kv.substring(eq + 1));
            }
        }
        return dflt;
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
