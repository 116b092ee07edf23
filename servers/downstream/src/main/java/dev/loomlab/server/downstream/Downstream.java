package dev.loomlab.server.downstream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;

/**
 * The service the fan-out scenarios call (seed 003's "service B"): {@code GET /sleep?ms=N}
 * sleeps N ms and answers; every call is counted on arrival, so a call the server under test
 * never makes is visible as a missing count. {@code GET /count} reads the count,
 * {@code POST /reset} zeroes it and answers the count it had.
 *
 * <p>The JDK's own HTTP server, not Spring: it starts in a fraction of a second, has nothing on
 * the counted path but this class, and with a virtual thread per exchange thousands of
 * concurrent sleeps cost no platform threads — so the downstream never becomes the limit it
 * is there to exclude. Loopback only. Prints {@code loomlab-ready http://127.0.0.1:PORT} like
 * the other servers.
 */
public final class Downstream implements AutoCloseable {
    static final long MAX_SLEEP_MS = 60_000;

    private final HttpServer server;
    private final ExecutorService executor;
    private final LongAdder calls = new LongAdder();

    private Downstream(int port) throws IOException {
        // A backlog like the servers' (4096): 3,000 VUs x 2 calls can open thousands of connections at once.
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 4096);
        executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
        server.createContext("/sleep", this::sleep);
        server.createContext("/count", exchange -> answer(exchange, 200, Long.toString(calls.sum())));
        server.createContext("/reset", exchange -> {
            if (!exchange.getRequestMethod().equals("POST")) {
                answer(exchange, 405, "POST /reset");
                return;
            }
            answer(exchange, 200, Long.toString(calls.sumThenReset()));
        });
    }

    public static Downstream start(int port) throws IOException {
        Downstream d = new Downstream(port);
        d.server.start();
        return d;
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public long calls() {
        return calls.sum();
    }

    private void sleep(HttpExchange exchange) throws IOException {
        calls.increment();
        long ms;
        try {
            ms = parseMs(exchange.getRequestURI().getRawQuery());
        } catch (IllegalArgumentException e) {
            answer(exchange, 400, "bad parameter: " + e.getMessage());
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer(exchange, 503, "interrupted");
            return;
        }
        answer(exchange, 200, "slept " + ms + " ms");
    }

    static long parseMs(String query) {
        if (query != null) {
            for (String pair : query.split("&")) {
                if (pair.startsWith("ms=")) {
                    long ms;
                    try {
                        ms = Long.parseLong(pair.substring(3));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("ms must be a whole number of ms");
                    }
                    if (ms < 0 || ms > MAX_SLEEP_MS) {
                        throw new IllegalArgumentException("ms must be between 0 and " + MAX_SLEEP_MS + " ms, got " + ms);
                    }
                    return ms;
                }
            }
        }
        throw new IllegalArgumentException("ms is required");
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    public static void main(String[] args) throws IOException {
        int port = 0;
        for (String arg : args) {
            if (arg.startsWith("--port=")) {
                port = Integer.parseInt(arg.substring("--port=".length()));
            } else {
                System.err.println("usage: java -jar loomlab-server-downstream.jar [--port=N]   (0 = a free port)");
                System.exit(2);
            }
        }
        Downstream d = start(port);
        System.out.println("loomlab downstream: JDK " + Runtime.version() + ", a virtual thread per call, "
                + Runtime.getRuntime().availableProcessors() + " CPUs");
        System.out.println("loomlab-ready " + d.url());
        System.out.flush();
    }
}
