package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.loomlab.lab.stats.Trend;
import java.util.List;

/**
 * What a cell's load shape measured beyond a steady cell's figures (plan field {@code shape}); a steady cell has none.
 * Written as {@code {"shape": "soak", "rssMb": {...}, ...}}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "shape")
// each record names itself (@JsonTypeName) beside its fields
@JsonSubTypes({@JsonSubTypes.Type(ShapeFigures.Soak.class), @JsonSubTypes.Type(ShapeFigures.Spike.class), @JsonSubTypes.Type(ShapeFigures.Ramp.class)})
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
    @JsonTypeName("soak")
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
    @JsonTypeName("spike")
    record Spike(double factor, double atS, double lengthS, double baselineP99Ms, double peakP99Ms, long errorsDuring,
                 long requestsDuring, Double recoveryS, double windowLeftS) implements ShapeFigures {
        /** Seconds in a row the p99 must stay back for the recovery to count: one quiet second between two slow ones is not one. */
        public static final int RECOVERED_FOR = 3;
    }

    /**
     * A ramp's figures: its seconds, where throughput stopped rising with the load and where the p99 climbed
     * ({@code cell/RampKnee} says how each is found).
     *
     * @param fromVus        the VUs of the window's first second (and of the warm-up)
     * @param toVus          the top: the workload's VUs, reached {@code overS} into the window and held to its end
     * @param overS          how long the rise took
     * @param seconds        each second of the window: its VUs and what they got
     * @param plateauTps     the mean 2xx a second once the top was reached (the seconds from {@code overS + 1}: a request
     *                       started at the last level completes a latency later); absent when the window held the top for
     *                       fewer than {@link #PLATEAU_MIN_S} such seconds
     * @param plateauBandTps how far below the plateau a second's 2xx still counts as on it: twice the plateau seconds'
     *                       standard deviation, at least one request
     * @param lagS           how long before they completed a second's answers were sent: the median latency of the window's
     *                       first {@link #FOOT_S} seconds, in whole seconds (0 when none was answered)
     * @param kneeVus        the VUs that sent (lagS before) the answers of the first second of the rise from which the
     *                       throughput (each second's median with its neighbours) stayed on the plateau while the VUs kept
     *                       rising by more than twice the band's share of it; absent when the throughput kept rising to the
     *                       top (or no plateau is known)
     * @param footP99Ms      the p99 at the ramp's foot: the median of the window's first {@link #FOOT_S} seconds' p99
     * @param p99DoubledVus  the VUs of the first second from which the p99 stayed above twice {@code footP99Ms} for
     *                       {@link #HELD_S} seconds (or to the window's end); absent when it never did
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonTypeName("ramp")
    record Ramp(int fromVus, int toVus, double overS, List<RampSecond> seconds, Double plateauTps, Double plateauBandTps, int lagS,
                Integer kneeVus, Double footP99Ms, Integer p99DoubledVus) implements ShapeFigures {
        /** The fewest seconds at the top that say where the plateau is. */
        public static final int PLATEAU_MIN_S = 3;
        /** The seconds at the ramp's foot whose p99 the climb is measured from. */
        public static final int FOOT_S = 3;
        /** Seconds in a row the p99 must stay doubled: one slow second (a collection) is not a climb. */
        public static final int HELD_S = 3;

        public Ramp {
            seconds = List.copyOf(seconds);
        }
    }

    /**
     * One second of a ramp's window.
     *
     * @param second  seconds into the window
     * @param vus     the ramp's VUs in it
     * @param tps     2xx answers completed in it
     * @param p99Ms   the p99 of the requests started in it (ms); absent when none got an answer
     * @param errors  requests that failed in it (any kind)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record RampSecond(int second, int vus, long tps, Double p99Ms, long errors) {
    }
}
