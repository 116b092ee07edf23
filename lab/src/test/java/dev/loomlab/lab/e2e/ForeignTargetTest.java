package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.slo.JunitReport;
import dev.loomlab.lab.testing.RunFolders;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A service that is not loomlab's, over https with a self-signed certificate: the plan's own requests replace the
 * contract check, the load really goes over TLS (the server speaks nothing else), and SLO thresholds gate the run
 * with k6's exit code and a JUnit report.
 */
class ForeignTargetTest {
    @TempDir
    static Path dir;
    private static HttpsServer server;
    private static Path certificate;
    private static final ConcurrentHashMap<String, LongAdder> SEEN = new ConcurrentHashMap<>();

    @BeforeAll
    static void startHttpsService() throws Exception {
        Path keystore = dir.resolve("service.p12");
        certificate = dir.resolve("service.pem");
        // a self-signed certificate for 127.0.0.1, made as a user of such a service would: with the JDK's keytool
        keytool("-genkeypair", "-alias", "service", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", "secret123");
        keytool("-exportcert", "-rfc", "-alias", "service", "-keystore", keystore.toString(), "-storepass", "secret123",
                "-file", certificate.toString());
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, "secret123".toCharArray());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, "secret123".toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/items/", exchange -> {
            count(exchange);
            String id = exchange.getRequestURI().getPath().substring("/items/".length());
            answer(exchange, id.matches("\\d+") ? 200 : 404, "{\"id\":" + (id.matches("\\d+") ? id : "null") + "}");
        });
        server.createContext("/orders", exchange -> {
            count(exchange);
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean json = "application/json".equals(exchange.getRequestHeaders().getFirst("Content-Type"));
            answer(exchange, exchange.getRequestMethod().equals("POST") && json && body.contains("\"qty\"") ? 201 : 400,
                    "{\"created\":true}");
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static void count(HttpExchange exchange) {
        SEEN.computeIfAbsent(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath().replaceAll("\\d+", "N"),
                k -> new LongAdder()).increment();
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    private static String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A plan of two requests, one three times as often as the other, with a templated path and a JSON body. */
    private static Path plan(String name, String slo) throws IOException {
        Path plan = dir.resolve(name + ".yaml");
        Files.writeString(plan, """
                name: %s
                requests:
                  - name: item
                    path: /items/{id}
                    values: {id: 1..1000}
                    weight: 3
                    bodyContains: '"id":'
                  - name: order
                    method: POST
                    path: /orders
                    headers: {Content-Type: application/json}
                    body: '{"item": {id}, "qty": 1}'
                    values: {id: 1..1000}
                    status: 201
                slo: [%s]
                """.formatted(name, slo));
        return plan;
    }

    private static int run(Path plan, Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--plan", plan.toString(), "--target", url(), "--vus", "4",
                "--warmup", "1s", "--duration", "2s", "--rounds", "1", "--out", out.toString()));
        args.addAll(List.of(more));
        return Loomlab.commandLine().execute(args.toArray(String[]::new));
    }

    @Test
    void theMixGoesOverTlsByWeightAndAMetThresholdPassesTheRunAndItsJunitReport() throws Exception {
        SEEN.clear();
        Path out = dir.resolve("pass");
        int exit = run(plan("mix-pass", "'errors <= 0%', 'p99 < 60s', 'item.p99 < 60s', 'order.errors <= 0%'"), out,
                "--tls", certificate.toString());

        assertThat(exit).isZero();
        RunFolder folder = new RunFolder(RunFolders.only(out));
        CellResult cell = folder.readCells().getFirst();
        assertThat(cell.succeeded()).as(cell.failure()).isTrue();
        assertThat(cell.scenario()).isEqualTo("requests");
        long items = SEEN.get("GET /items/N").sum();
        long orders = SEEN.get("POST /orders").sum();
        // every request the server saw was one of the mix, each correct (no error counted), in about the weights' 3:1
        assertThat(cell.errors().values().stream().mapToLong(Long::longValue).sum()).isZero();
        assertThat(items + orders).isGreaterThanOrEqualTo(cell.requests());
        double share = (double) items / (items + orders);
        // the binomial's 5-sigma band around 3/4 for this many draws: a fair draw stays inside it
        double sigma = Math.sqrt(0.75 * 0.25 / (items + orders));
        assertThat(share).isBetween(0.75 - 5 * sigma, 0.75 + 5 * sigma);

        // each request's own figures: together the mix's window, apart in the weights' proportion
        double itemsInWindow = cell.metrics().get("request.item.requests");
        double ordersInWindow = cell.metrics().get("request.order.requests");
        assertThat(itemsInWindow + ordersInWindow).isEqualTo((double) cell.requests());
        double windowSigma = Math.sqrt(0.75 * 0.25 / cell.requests());
        assertThat(itemsInWindow / cell.requests()).isBetween(0.75 - 5 * windowSigma, 0.75 + 5 * windowSigma);
        assertThat(cell.metrics().get("request.order.p99Ms")).isPositive().isLessThanOrEqualTo(cell.maxMs());

        Document junit = junit(folder.root());
        Element suite = (Element) junit.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("tests")).isEqualTo("4");
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(Files.readString(folder.root().resolve(RunFolder.SUMMARY))).contains("## SLO thresholds", "| errors <= 0% |",
                "| order.errors <= 0% | 0.000% | pass |", "SLO: all 4 thresholds passed");
    }

    @Test
    void anUnmetThresholdExits99WithTheFailureInTheJunitReport() throws Exception {
        Path out = dir.resolve("fail");
        // no answer takes no time: p99 below 0 ms cannot be met, whatever the machine
        int exit = run(plan("mix-fail", "'p99 < 0ms', 'errors <= 0%'"), out, "--tls", certificate.toString());

        assertThat(exit).isEqualTo(99);
        RunFolder folder = new RunFolder(RunFolders.only(out));
        CellResult cell = folder.readCells().getFirst();
        Document junit = junit(folder.root());
        Element suite = (Element) junit.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("tests")).isEqualTo("2");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        NodeList failures = junit.getElementsByTagName("failure");
        assertThat(failures.getLength()).isEqualTo(1);
        assertThat(((Element) failures.item(0)).getAttribute("message"))
                .isEqualTo("p99 < 0ms not met: measured " + String.format(java.util.Locale.ROOT, "%.1fms", cell.p99Ms()));
        assertThat(((Element) failures.item(0).getParentNode()).getAttribute("name")).isEqualTo("p99 < 0ms");
    }

    @Test
    void aSelfSignedServiceIsNotBelievedWithoutItsCertificate() throws Exception {
        Path out = dir.resolve("untrusted");
        int exit = run(plan("mix-untrusted", "'errors <= 0%'"), out);

        // the request check fails the cell before any load: nothing measured, so the threshold is not met either
        assertThat(exit).isEqualTo(99);
        CellResult cell = new RunFolder(RunFolders.only(out)).readCells().getFirst();
        assertThat(cell.succeeded()).isFalse();
        assertThat(cell.failure()).startsWith("request check failed: item (GET /items/").contains("SSLHandshakeException");
    }

    private static Document junit(Path folder) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(folder.resolve(JunitReport.FILE).toFile());
    }
}
