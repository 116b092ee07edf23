package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Locale;

/**
 * The shape of a cell's load, one of three:
 * <ul>
 *   <li>{@link Closed}: a fixed number of virtual users, each sending its next request when the previous answers;</li>
 *   <li>{@link Open}: a fixed arrival rate on a schedule, latency from each request's intended send time;</li>
 *   <li>{@link Burst}: N requests fired at once, timed until the last answer.</li>
 * </ul>
 * Written as {@code {"shape": "closed", "vus": 500}} by both Jacksons.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "shape")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Workload.Closed.class, name = "closed"),
        @JsonSubTypes.Type(value = Workload.Open.class, name = "open"),
        @JsonSubTypes.Type(value = Workload.Burst.class, name = "burst")})
public sealed interface Workload {

    /** The shape's name as the results and the driver write it: closed, open or burst. */
    String shape();

    /** One phrase for progress lines and summaries ({@code 500 VUs}, {@code 300 requests/s}, {@code a burst of 600}). */
    String describe();

    /** The part of this load that driver {@code index} (0-based) of {@code of} drivers generates; the parts add up to the whole. */
    Workload share(int index, int of);

    record Closed(int vus) implements Workload {
        public Closed {
            Limits.requireCount("vus", vus, Limits.MAX_VUS);
        }

        @Override
        public String shape() {
            return "closed";
        }

        @Override
        public String describe() {
            return vus + " VUs";
        }

        @Override
        public Workload share(int index, int of) {
            return new Closed(vus / of + (index < vus % of ? 1 : 0));
        }
    }

    record Open(double ratePerSec) implements Workload {
        public Open {
            if (!(ratePerSec > 0) || ratePerSec > Limits.MAX_RATE) {
                throw new InvalidLoadException("rate must be above 0 and at most " + (long) Limits.MAX_RATE + " requests/s, got " + ratePerSec);
            }
        }

        @Override
        public String shape() {
            return "open";
        }

        @Override
        public String describe() {
            return (ratePerSec == Math.rint(ratePerSec) ? Long.toString((long) ratePerSec) : String.format(Locale.ROOT, "%.1f", ratePerSec))
                    + " requests/s";
        }

        @Override
        public Workload share(int index, int of) {
            return new Open(ratePerSec / of);
        }
    }

    record Burst(int requests) implements Workload {
        public Burst {
            Limits.requireCount("burst", requests, Limits.MAX_BURST);
        }

        @Override
        public String shape() {
            return "burst";
        }

        @Override
        public String describe() {
            return "a burst of " + requests + " requests";
        }

        @Override
        public Workload share(int index, int of) {
            throw new InvalidLoadException("a burst is timed from its first send to its last answer by one driver: it cannot be shared");
        }
    }
}
