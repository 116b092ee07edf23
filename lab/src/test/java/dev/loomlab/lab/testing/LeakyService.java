package dev.loomlab.lab.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A test fixture: a service that leaks on purpose, run by the lab as a user's jar ({@code --app}, model app-platform).
 * {@code GET /keep?kb=N&junk=J} allocates N KB and keeps it for good in a static list; {@code GET /drop?kb=N&junk=J} allocates
 * the same and lets it go; both first allocate J KB of garbage. It answers {@code /actuator/health} and {@code /actuator/prometheus} (its heap pools' use, under
 * Micrometer's name) so that the lab samples its heap as it samples a Spring Boot application's. The JDK's own HTTP
 * server, no dependency: {@link #jar} packs this class into a runnable jar.
 */
public final class LeakyService {
    /** What {@code /keep} holds on to, forever. */
    private static final List<byte[]> KEPT = new ArrayList<>();
    /** What {@code /drop} allocated last: read back so the allocation is not optimized away. */
    private static volatile byte[] last;

    private LeakyService() {
    }

    public static void main(String[] args) throws IOException {
        int port = 0;
        String address = "127.0.0.1";
        for (String arg : args) {
            if (arg.startsWith("--server.port=")) {
                port = Integer.parseInt(arg.substring("--server.port=".length()));
            } else if (arg.startsWith("--server.address=")) {
                address = arg.substring("--server.address=".length());
            }
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 1024);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/keep", exchange -> {
            byte[] block = allocate(exchange);
            synchronized (KEPT) {
                KEPT.add(block);
            }
            answer(exchange, 200, "kept " + block.length + " bytes\n");
        });
        server.createContext("/drop", exchange -> {
            last = allocate(exchange);
            answer(exchange, 200, "dropped " + last.length + " bytes\n");
        });
        server.createContext("/actuator/health", exchange -> answer(exchange, 200, "{\"status\":\"UP\"}"));
        server.createContext("/actuator/prometheus", exchange -> answer(exchange, 200, heap()));
        server.createContext("/", exchange -> answer(exchange, 200, "leaky\n"));
        server.start();
        System.out.println("leaky service on http://" + address + ":" + server.getAddress().getPort());
    }

    /**
     * The {@code kb} KB block the request keeps or drops, after {@code junk} KB of garbage that no request keeps: a service
     * that allocates much and keeps little, so that its young collections come every few seconds and its heap shows where
     * it falls back to.
     */
    private static byte[] allocate(HttpExchange exchange) {
        int kb = 1;
        int junk = 0;
        String query = exchange.getRequestURI().getQuery();
        for (String pair : query == null ? new String[0] : query.split("&")) {
            if (pair.startsWith("kb=")) {
                kb = Integer.parseInt(pair.substring(3));
            } else if (pair.startsWith("junk=")) {
                junk = Integer.parseInt(pair.substring(5));
            }
        }
        for (int i = 0; i < junk; i++) {
            last = new byte[1024];
        }
        byte[] block = new byte[kb * 1024];
        // touched, so the pages are really the process's
        for (int i = 0; i < block.length; i += 4096) {
            block[i] = 1;
        }
        return block;
    }

    /** The heap pools' use, as Micrometer names it: what the lab's sampler sums into the heap in use. */
    private static String heap() {
        StringBuilder sb = new StringBuilder();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sb.append(String.format(Locale.ROOT, "jvm_memory_used_bytes{area=\"heap\",id=\"%s\"} %d%n", pool.getName(),
                        pool.getUsage().getUsed()));
            }
        }
        return sb.toString();
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getRequestBody().readAllBytes();
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** This class as a runnable jar in {@code dir}: what the lab starts with {@code java -jar}. */
    public static Path jar(Path dir) {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LeakyService.class.getName());
        Path jar = dir.resolve("leaky.jar");
        String folder = LeakyService.class.getPackageName().replace('.', '/');
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             var classes = Files.list(Path.of(LeakyService.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve(folder))) {
            for (Path c : classes.filter(p -> p.getFileName().toString().startsWith(LeakyService.class.getSimpleName())).toList()) {
                out.putNextEntry(new JarEntry(folder + "/" + c.getFileName()));
                out.write(Files.readAllBytes(c));
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return jar;
    }
}
