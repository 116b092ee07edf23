package dev.loomlab.lab.load;

import java.time.Duration;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Latency with the requests the client gave up on counted, at the time it gave up: every engine's histogram holds
 * the responses only, so with 0.8 % of requests timing out at 60 s (under the 1 % errors verdict) a p99 showed the
 * slowest success and hid the 60 s waits. With the responses' histogram at hand the timed-out requests are added at
 * the timeout and every percentile read again; without one (wrk), a percentile whose share the timeouts exceed is the
 * timeout itself, a lower bound. Either way a percentile at the timeout or beyond is censored — the true one is at
 * least that — and the tables show it as {@code ≥}.
 *
 * @param latency     the latencies with the given-up requests counted
 * @param censoredAtMs the timeout in ms when requests were given up (a percentile at or above it is a lower bound);
 *                    empty when none was
 */
public record CensoredLatency(Latencies latency, Optional<Double> censoredAtMs) {

    /**
     * @param measured  the engine's figures, from responses alone
     * @param responses the responses' histogram (ns), when the engine left one
     * @param answered  how many responses those figures rest on (without a histogram)
     * @param givenUp   requests the client gave up on at {@code timeout}
     */
    public static CensoredLatency of(Latencies measured, Optional<Histogram> responses, long answered, long givenUp, Duration timeout) {
        if (givenUp <= 0) {
            return new CensoredLatency(measured, Optional.empty());
        }
        double timeoutMs = timeout.toNanos() / 1e6;
        if (responses.isPresent()) {
            Histogram all = responses.get().copy();
            all.setAutoResize(true);
            all.recordValueWithCount(timeout.toNanos(), givenUp);
            return new CensoredLatency(new Latencies(ms(all, 50), ms(all, 90), ms(all, 99), ms(all, 99.9),
                    Math.max(measured.maxMs(), timeoutMs), all.getMean() / 1e6), Optional.of(timeoutMs));
        }
        double share = (double) givenUp / (answered + givenUp);
        return new CensoredLatency(new Latencies(beyond(measured.p50Ms(), 50, share, timeoutMs), beyond(measured.p90Ms(), 90, share, timeoutMs),
                beyond(measured.p99Ms(), 99, share, timeoutMs), beyond(measured.p999Ms(), 99.9, share, timeoutMs),
                Math.max(measured.maxMs(), timeoutMs), measured.meanMs()), Optional.of(timeoutMs));
    }

    /** Whether {@code valueMs} of this cell is a lower bound: at or above the time requests were given up. */
    public static boolean censored(double valueMs, Double censoredAtMs) {
        // the histogram's bucket holding the timeout may read a hair below it
        return censoredAtMs != null && valueMs >= censoredAtMs * 0.99;
    }

    private static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e6;
    }

    /** The percentile is the timeout when more than its tail timed out, else the responses' (still a lower bound). */
    private static double beyond(double valueMs, double percentile, double givenUpShare, double timeoutMs) {
        return givenUpShare > 1 - percentile / 100 ? timeoutMs : valueMs;
    }
}
