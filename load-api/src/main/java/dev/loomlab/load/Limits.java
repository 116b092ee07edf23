package dev.loomlab.load;

import java.time.Duration;

/** The bounds every workload and timeout is checked against, on both sides of the wire. */
public final class Limits {
    private Limits() {
    }

    /** Closed model: at most this many virtual users (each holds a connection and a file descriptor). */
    public static final int MAX_VUS = 100_000;
    /** Open model: at most this many requests per second. */
    public static final double MAX_RATE = 1_000_000;
    /** Burst: at most this many requests at once. */
    public static final int MAX_BURST = 10_000;
    /** The driver's latency histograms end at one minute: no longer request timeout in a steady window. */
    public static final Duration MAX_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    /** A burst keeps a histogram of its own, up to ten minutes. */
    public static final Duration MAX_BURST_TIMEOUT = Duration.ofMinutes(10);
    /** The shortest request timeout worth measuring with. */
    public static final Duration MIN_REQUEST_TIMEOUT = Duration.ofSeconds(1);
    /** Open model: default cap on connections, below Tomcat's default maxConnections (8192). */
    public static final int MAX_DEFAULT_CONNECTIONS = 8000;
    /** Open model: default cap on requests in flight (Hyperfoil sessions). */
    public static final int MAX_DEFAULT_SESSIONS = 200_000;
    /** The longest warm-up or window a plan may ask for. */
    public static final Duration MAX_PHASE = Duration.ofHours(24);

    /** A count of users or requests, refused outside 1 to {@code max} in the words every workload uses. */
    static void requireCount(String name, int value, int max) {
        if (value < 1 || value > max) {
            throw new InvalidLoadException(name + " must be between 1 and " + max + ", got " + value);
        }
    }

    /** The request timeout allowed for {@code workload}. */
    public static Duration maxRequestTimeout(Workload workload) {
        return workload instanceof Workload.Burst ? MAX_BURST_TIMEOUT : MAX_REQUEST_TIMEOUT;
    }
}
