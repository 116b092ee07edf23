package dev.loomlab.driver;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A tiny HTTP target on 127.0.0.1 (ephemeral port), one virtual thread per request:
 * {@code /block?ms=N} sleeps N ms then answers 200, {@code /fail} answers 500 at once,
 * {@code /limited?ms=N&max=M} admits at most M requests at a time (a fair semaphore per M; the others
 * wait in the server) and each admitted one sleeps N ms — a server whose capacity is M / N requests
 * per ms. {@code /limited} records when it sent each response (the server's own throughput).
 */
final class TestTarget implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    final AtomicLong served = new AtomicLong();
    private final Map<Long, Semaphore> limits = new ConcurrentHashMap<>();
    /** Epoch ms at which /limited finished each response. */
    final Queue<Long> limitedDone = new ConcurrentLinkedQueue<>();

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
        server.createContext("/limited", ex -> {
            long ms = queryLong(ex, "ms", 0);
            Semaphore permits = limits.computeIfAbsent(queryLong(ex, "max", 1), m -> new Semaphore((int) (long) m, true));
            try {
                permits.acquire();
                try {
                    Thread.sleep(ms);
                } finally {
                    permits.release();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(ex, 200, "ok");
            limitedDone.add(System.currentTimeMillis());
        });
        // /warming?from=F&to=T&over=S: a server warming up, its service time falling from F ms to T ms over the S seconds
        // after the first request with this query, then flat
        server.createContext("/warming", ex -> {
            long since = warmingSince.computeIfAbsent(ex.getRequestURI().getRawQuery(), q -> System.nanoTime());
            double into = Math.min(1.0, (System.nanoTime() - since) / 1e9 / queryLong(ex, "over", 1));
            long ms = Math.round(queryLong(ex, "from", 0) + into * (queryLong(ex, "to", 0) - queryLong(ex, "from", 0)));
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(ex, 200, "ok");
        });
        server.start();
    }

    private final Map<String, Long> warmingSince = new ConcurrentHashMap<>();

    /** Serves in a JVM of its own, so that a test can stop the server's process: prints its port, serves until stdin closes. */
    public static void main(String[] args) throws IOException {
        try (TestTarget target = new TestTarget()) {
            System.out.println(target.server.getAddress().getPort());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until the parent closes our stdin (or dies)
            }
        }
    }

    /** /limited responses completed in [fromEpochMs, toEpochMs). */
    long limitedDoneBetween(long fromEpochMs, long toEpochMs) {
        return limitedDone.stream().filter(t -> t >= fromEpochMs && t < toEpochMs).count();
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
