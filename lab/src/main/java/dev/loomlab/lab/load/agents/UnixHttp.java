package dev.loomlab.lab.load.agents;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * HTTP/1.1 over a Unix domain socket, as much as k6's REST API needs: a GET or a PATCH with a small JSON body, one
 * exchange per connection. Written here because the JDK's HttpClient speaks TCP only, and the lab reaches each agent's
 * k6 through an ssh forward to a socket in a folder only its user may enter: a forwarded TCP port on loopback let any
 * local user pause, scale or stop a test in the middle of a window.
 */
public final class UnixHttp implements AutoCloseable {
    /** A status and its body as text. */
    public record Response(int status, String body) {
    }

    private final SocketChannel channel;

    private UnixHttp(SocketChannel channel) {
        this.channel = channel;
    }

    /** A connection to {@code socket}, open and unused: the exchange on it costs no connect. */
    public static UnixHttp connect(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return new UnixHttp(channel);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    /** One request on a connection of its own. */
    public static Response send(Path socket, String method, String path, String body, Duration timeout) throws IOException {
        try (UnixHttp http = connect(socket)) {
            return http.exchange(method, path, body, timeout);
        }
    }

    /**
     * The one exchange of this connection: the request sent with {@code Connection: close}, the answer read whole. Past
     * {@code timeout} the socket is closed under the read, which then fails: an agent that stops answering cannot hold
     * the lab.
     */
    public Response exchange(String method, String path, String body, Duration timeout) throws IOException {
        AtomicBoolean done = new AtomicBoolean();
        CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
            if (!done.get()) {
                close();
            }
        });
        try {
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            String head = method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + (body == null ? "" : "Content-Type: application/json\r\nContent-Length: " + content.length + "\r\n") + "\r\n";
            ByteBuffer out = ByteBuffer.allocate(head.length() + content.length);
            out.put(head.getBytes(StandardCharsets.US_ASCII)).put(content).flip();
            while (out.hasRemaining()) {
                channel.write(out);
            }
            return read(new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel))));
        } catch (IOException e) {
            if (!channel.isOpen() && !done.get()) {
                throw new IOException("no answer within " + timeout.toMillis() + " ms", e);
            }
            throw e;
        } finally {
            done.set(true);
        }
    }

    private static Response read(DataInputStream in) throws IOException {
        String status = line(in);
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer: " + status);
        }
        long length = -1;
        boolean chunked = false;
        for (String header; !(header = line(in)).isEmpty(); ) {
            int colon = header.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = header.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).strip();
            if (name.equals("content-length")) {
                length = Long.parseLong(value);
            } else if (name.equals("transfer-encoding") && value.toLowerCase(Locale.ROOT).contains("chunked")) {
                chunked = true;
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (chunked) {
            for (long size; (size = Long.parseLong(line(in).split(";", 2)[0].strip(), 16)) > 0; ) {
                copy(in, body, size);
                line(in);
            }
        } else if (length >= 0) {
            copy(in, body, length);
        } else {
            in.transferTo(body);
        }
        return new Response(Integer.parseInt(parts[1]), body.toString(StandardCharsets.UTF_8));
    }

    private static void copy(InputStream in, ByteArrayOutputStream out, long n) throws IOException {
        if (n > 1 << 20) {
            throw new IOException("an answer of " + n + " bytes from k6's REST API");
        }
        byte[] bytes = new byte[(int) n];
        new DataInputStream(in).readFully(bytes);
        out.write(bytes);
    }

    /** One CRLF-ended line, without its end. */
    private static String line(DataInputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c; (c = in.read()) != '\n'; ) {
            if (c < 0) {
                throw new EOFException("the answer ended early");
            }
            if (sb.length() > 8192) {
                throw new IOException("a line longer than 8 KiB in k6's answer");
            }
            if (c != '\r') {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing a socket that failed: nothing left to release
        }
    }
}
