package dev.loomlab.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Free-port helpers for 127.0.0.1. */
final class Ports {

    private Ports() {
    }

    static InetAddress loopback() {
        try {
            return InetAddress.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A port that was free on 127.0.0.1 a moment ago. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(loopback(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }

    /** Whether a server could listen on 127.0.0.1:port now (bound the way servers bind: SO_REUSEADDR). */
    static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(loopback(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether something accepts connections on 127.0.0.1:port. */
    static boolean isListening(int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new InetSocketAddress(loopback(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
