package dev.loomlab.scenario.verify;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends the same short sequence of requests over many keep-alive connections, one request at a
 * time (no pipelining), and counts the requests the server never answered. A raw socket, so that
 * no client library retries or hides a stall.
 */
public final class KeepAliveProbe {
    private KeepAliveProbe() {
    }

    /** The requests left unanswered within {@code timeoutMs}, as "connection N: path". */
    public static List<String> unanswered(int port, List<String> paths, int connections, int threads, int timeoutMs) throws Exception {
        List<String> stalls = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<String>> results = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                int connection = c;
                results.add(pool.submit(() -> sequence(port, paths, timeoutMs, connection)));
            }
            for (Future<String> result : results) {
                String stall = result.get();
                if (stall != null) {
                    stalls.add(stall);
                }
            }
        }
        return stalls;
    }

    private static String sequence(int port, List<String> paths, int timeoutMs, int connection) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(timeoutMs);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (String path : paths) {
                out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                try {
                    readResponse(in);
                } catch (SocketTimeoutException e) {
                    return "connection " + connection + ": " + path;
                }
            }
            return null;
        }
    }

    /** Reads one response; the contract's bodies all carry a Content-Length. */
    private static void readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed inside a response head: " + head);
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        int length = -1;
        for (String line : head.toString(StandardCharsets.US_ASCII).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).strip());
            }
        }
        if (length < 0) {
            throw new IOException("no Content-Length in " + head);
        }
        in.readNBytes(length);
    }
}
