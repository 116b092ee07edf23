package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.loomlab.lab.stats.Trend;

/**
 * What a cell's load shape measured beyond a steady cell's figures (plan field {@code shape}); a steady cell has none.
 * Written as {@code {"shape": "soak", "rssMb": {...}, ...}}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "shape")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ShapeFigures.Soak.class, name = "soak"),
        @JsonSubTypes.Type(value = ShapeFigures.Spike.class, name = "spike")})
public sealed interface ShapeFigures {

    /**
     * A figure's least-squares slope over the window ({@link Trend}), per minute, with its 95 % interval.
     *
     * @param perMinute the slope, in the figure's unit a minute
     * @param halfWidth half the slope's 95 % interval, same unit; NaN (absent) when the series was too short
     * @param mean      the figure's mean over the points fitted
     * @param points    how many points the line went through
     */
    record Slope(double perMinute, Double halfWidth, double mean, int points) {
        public static Slope of(Trend trend) {
            return new Slope(trend.perMinute(), Double.isFinite(trend.halfWidth()) ? trend.halfWidthPerMinute() : null, trend.mean(),
                    trend.points());
        }

        /** Whether the slope's interval lies wholly above zero. */
        public boolean rises() {
            return halfWidth != null && perMinute - halfWidth > 0;
        }

        /** The slope a minute as a share of the mean (0.01 = 1 % a minute); NaN when the mean is not above 0. */
        public double sharePerMinute() {
            return mean > 0 ? perMinute / mean : Double.NaN;
        }
    }

    /**
     * A soak's trends over its window; each absent when its series was not measured or too short.
     *
     * @param rssMb       the server's resident set (MB), one point a second (from /proc)
     * @param heapFloorMb the heap in use (MB) at its floors: each sample where it fell since the one before, which a
     *                    collection did. Not the collector's own after-GC figure, which the sampler does not read; a floor
     *                    also holds what was allocated between the collection and the sample
     * @param p99Ms       the p99 latency (ms) of each second of the window, from the cell's latency log
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Soak(Slope rssMb, Slope heapFloorMb, Slope p99Ms) implements ShapeFigures {
    }

    /**
     * A spike's figures: the step, the errors while it lasted and how long the p99 took to come back.
     *
     * @param factor          the step, times the steady load
     * @param atS             when the step started, seconds into the window
     * @param lengthS         how long it lasted
     * @param baselineP99Ms   the p99 of the window's seconds before the step
     * @param peakP99Ms       the highest p99 of one second from the step's start to the window's end
     * @param errorsDuring    requests that failed (any kind) in the step's seconds
     * @param requestsDuring  requests completed in the step's seconds
     * @param recoveryS       seconds from the step's end until the p99 of a second is back within the noise of the seconds
     *                        before the step, and stays there ({@link #RECOVERED_FOR} seconds); absent when it did not
     *                        come back before the window ended
     * @param windowLeftS     seconds of the window after the step: what a recovery had to happen in
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Spike(double factor, double atS, double lengthS, double baselineP99Ms, double peakP99Ms, long errorsDuring,
                 long requestsDuring, Double recoveryS, double windowLeftS) implements ShapeFigures {
        /** Seconds in a row the p99 must stay back for the recovery to count: one quiet second between two slow ones is not one. */
        public static final int RECOVERED_FOR = 3;
    }
}
