package dev.loomlab.lab.load.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's HTTP over a Unix socket against Python's own HTTP server on one (an implementation the lab did not write):
 * answers with a length, chunked answers, a PATCH's body, and a server that never answers.
 */
class UnixHttpTest {
    @TempDir
    static Path dir;
    private static Process server;
    private static Path socket;

    private static final String SERVER = """
            import socketserver, sys, time
            from http.server import BaseHTTPRequestHandler
            class H(BaseHTTPRequestHandler):
                protocol_version = 'HTTP/1.1'
                def log_message(self, *a): pass
                def address_string(self): return 'unix'
                def answer(self, body, chunked=False):
                    self.send_response(200)
                    self.send_header('Content-Type', 'application/json')
                    if chunked:
                        self.send_header('Transfer-Encoding', 'chunked')
                        self.end_headers()
                        for part in (body[:5], body[5:]):
                            self.wfile.write(b'%x\\r\\n%s\\r\\n' % (len(part), part))
                        self.wfile.write(b'0\\r\\n\\r\\n')
                    else:
                        self.send_header('Content-Length', str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                def do_GET(self):
                    if self.path == '/slow':
                        time.sleep(30)
                    self.answer(b'{"data":{"attributes":{"paused":true}}}', chunked=self.path == '/chunked')
                def do_PATCH(self):
                    body = self.rfile.read(int(self.headers['Content-Length']))
                    self.answer(b'{"got":' + body + b'}')
            class S(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
                daemon_threads = True
            S(sys.argv[1], H).serve_forever()
            """;

    @BeforeAll
    static void startPythonsServer() throws Exception {
        socket = dir.resolve("api.sock");
        server = new ProcessBuilder("/usr/bin/python3", "-c", SERVER, socket.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.log").toFile()).start();
        for (int i = 0; i < 200 && !Files.exists(socket); i++) {
            Thread.sleep(25);
        }
        assertThat(socket).as(Files.readString(dir.resolve("server.log"))).exists();
    }

    @AfterAll
    static void stop() throws Exception {
        server.destroyForcibly();
        server.waitFor(10, TimeUnit.SECONDS);
    }

    @Test
    void aGetReadsTheStatusAndTheBodyByItsLength() throws IOException {
        UnixHttp.Response r = UnixHttp.send(socket, "GET", "/v1/status", null, Duration.ofSeconds(10));
        assertThat(r).isEqualTo(new UnixHttp.Response(200, "{\"data\":{\"attributes\":{\"paused\":true}}}"));
    }

    @Test
    void aChunkedAnswerIsPutTogether() throws IOException {
        assertThat(UnixHttp.send(socket, "GET", "/chunked", null, Duration.ofSeconds(10)).body())
                .isEqualTo("{\"data\":{\"attributes\":{\"paused\":true}}}");
    }

    @Test
    void aPatchOnAConnectionOpenedBeforehandSendsItsBody() throws IOException {
        try (UnixHttp connection = UnixHttp.connect(socket)) {
            assertThat(connection.exchange("PATCH", "/v1/status", "{\"paused\":false}", Duration.ofSeconds(10)).body())
                    .isEqualTo("{\"got\":{\"paused\":false}}");
        }
    }

    @Test
    void aServerThatDoesNotAnswerFailsTheExchangeAtItsTimeout() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> UnixHttp.send(socket, "GET", "/slow", null, Duration.ofMillis(300)))
                .isInstanceOf(IOException.class).hasMessageContaining("no answer within 300 ms");
        // the bound is the server's 30 s sleep: the timeout, not the server, ended it
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void aSocketNobodyListensOnIsRefused() {
        assertThatThrownBy(() -> UnixHttp.send(dir.resolve("none.sock"), "GET", "/", null, Duration.ofSeconds(1)))
                .isInstanceOf(IOException.class);
    }
}
