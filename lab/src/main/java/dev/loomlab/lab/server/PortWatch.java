package dev.loomlab.lab.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * Runs an action once a TCP port accepts connections, polled from a thread of its own until then, until it is
 * closed, or until its time is up. A server's port opens before its ready line (a Spring server fills its connection
 * pool after its web server started): its load driver can open its connections in that time instead of after it.
 */
public final class PortWatch implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(50);

    private final Thread thread;

    private PortWatch(Thread thread) {
        this.thread = thread;
    }

    /** Watches {@code host:port} for at most {@code limit}; {@code action} runs on the watching thread, at most once. */
    public static PortWatch onOpen(String host, int port, Duration limit, Runnable action) {
        return new PortWatch(Thread.ofVirtual().name("port-watch-" + port).start(() -> {
            long deadline = System.nanoTime() + limit.toNanos();
            while (!Thread.currentThread().isInterrupted() && System.nanoTime() < deadline) {
                if (accepts(host, port, POLL)) {
                    action.run();
                    return;
                }
                try {
                    Thread.sleep(POLL);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }));
    }

    /** Whether {@code host:port} accepts a TCP connection within {@code timeout}. */
    static boolean accepts(String host, int port, Duration timeout) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Stops watching; an action already running finishes first. */
    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
