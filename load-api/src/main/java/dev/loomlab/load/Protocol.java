package dev.loomlab.load;

import java.time.Duration;

/**
 * The measuring protocol's numbers in one place, each with the figure that chose it: when a load has settled, how long
 * a warm-up may last, when a cell reads above its ceiling or its server is CPU-bound, how the CPU per request is
 * measured at low load, and how a machine's speed is timed. The rules themselves live with their code
 * ({@link SteadyState}, and the lab's plan, ceiling, cell and process packages); a change of a number here is a change
 * of the protocol, said in docs/measurements.md.
 */
public final class Protocol {
    private Protocol() {
    }

    // --- when a load has settled ({@link SteadyState}) ---

    /**
     * Seconds the trend is judged over. Fewer and one second's wave of a 1 s sleep (VUs answering together) moves the
     * line by more than the tolerance; more and the quick plan's 5 s floor grows for every cell.
     */
    public static final int TREND_SECONDS = 8;
    /**
     * The most the trend line may change over {@link #TREND_SECONDS} for the load to count as settled, as a share of
     * its mean. The unsettled series this rule must catch climbed by 50–200 % over a window (mvc-platform thread-name
     * 477 → 1,551 TPS, webflux 1,487 → 2,507 on a fresh machine); a settled series' line moves by its noise, a few
     * per cent (see docs/measurements.md, "Steady state").
     */
    public static final double MAX_TREND = 0.05;
    /**
     * The most a window's last third may differ from its first, as a share of its mean, before it counts as drifting
     * (and by more than twice its standard error): the same few per cent of noise as {@link #MAX_TREND}.
     */
    public static final double MAX_DRIFT = 0.05;

    /**
     * The most of a server's CPUs its JIT compiler threads may take over the last {@link #TREND_SECONDS} for its load to
     * count as settled (when the driver can see the server's threads). A one-core webflux thread-name server's C2 took
     * about a fifth of the core for its first 40 s, while its completions lay flat at 4,000–5,400 a second and the
     * completions' rule called them settled; when C2 went quiet (0.4–1.6 % of the core) they rose to 11,000–14,000
     * (docs/measurements.md, "Why thread-name does not settle"). Five per cent sits three times above the quiet and a
     * quarter of the busy.
     */
    public static final double MAX_COMPILER_SHARE = 0.05;
    /**
     * A server that uses less than this share of its CPUs, its compiler included, has room: its compiler cannot hold its
     * throughput back, and its warm-up is judged on its completions alone. The share at which the lab calls a server
     * CPU-bound ({@link #CPU_SATURATED}): below it, CPU is not what limits the cell. At low load HotSpot's invocation
     * counters reach the C2 thresholds slowly: a 200 ms sleep at 100 requests a second still had C2 at 13 % of its
     * core after 30 s (the server at 25 %); webflux block-query at 500 VUs had C2 at 22 % after 60 s with the server at
     * 58 %, and answered 99.6 % of its ceiling (two quick-plan runs; at 0.5 it was marked not settled for it).
     */
    public static final double COMPILER_MATTERS_ABOVE = 0.85;
    /**
     * The nice value a settling warm-up gives the server's JIT compiler threads (restored when the window begins): the
     * highest, because the threads it competes with are many. In the kernel's weights a thread at -20 weighs 88,761
     * against a request thread's 1,024: beside webflux's four event loops the compiler gets about 95 % of a saturated
     * core instead of a fifth, beside 200 busy Tomcat threads still 30 % (at -10, 4 %).
     */
    public static final int COMPILER_NICE = -20;

    // --- how long a settling warm-up lasts (a plan's warmup: auto) ---

    /**
     * The shortest settling warm-up: the JIT needs it (cold 7k TPS vs warm 36k measured here); the settling rule
     * judges {@link #TREND_SECONDS} anyway, so a load settles at 8 s at the earliest.
     */
    public static final Duration WARMUP_FLOOR = Duration.ofSeconds(5);
    /**
     * The longest a settling warm-up may last unless the plan says: a fresh 2-core machine's mvc-platform thread-name was
     * still climbing 3x through a window that began 5 s in; a cell unsettled after a minute is measured and marked so.
     */
    public static final Duration WARMUP_MAX = Duration.ofSeconds(60);

    // --- a cell against its ceiling ---

    /**
     * A cell above its ceiling by more than this share is a measurement anomaly, not a result: Little's law and the
     * utilization law are bounds. Half a per cent leaves the histogram-free TPS its rounding and a ceiling's S its
     * measured few milliseconds.
     */
    public static final double ABOVE_CEILING = 0.005;
    /**
     * A server using this share of its CPU set is taken to be CPU-bound, and the CPU's ceiling bounds its cell: below
     * it, the low-load CPU per request overstates a loaded server's (applied everywhere, mvc-virtual block read 440.9
     * TPS above a "ceiling" with its CPU to spare).
     */
    public static final double CPU_SATURATED = 0.85;

    // --- the CPU per request at low load (the utilization law's input) ---

    /** Long enough to see the background (JIT, GC, the flight recorder) of an idle server. */
    public static final Duration LOW_LOAD_IDLE = Duration.ofSeconds(1);
    /** Two seconds: a few thousand requests of a fast endpoint, a few of a sleeping one. */
    public static final Duration LOW_LOAD_SENDING = Duration.ofSeconds(2);
    /** Low load: a few requests in flight, never a queue; more for a sleeping endpoint. */
    public static final int LOW_LOAD_IN_FLIGHT = 4;
    /** Fewer answers than this and the CPU per request is the background's noise, not the requests': not claimed. */
    public static final int LOW_LOAD_MIN_REQUESTS = 50;

    // --- the machine's speed, timed before the first cell ---

    /** The reference's size: {@code sha256sum} of this many MiB of zeros, about 0.45 s of CPU on this machine kind. */
    public static final int CALIBRATION_MIB = 64;
    /** Its tries, the best kept: a single try spread ± 7 % with two test suites beside it. */
    public static final int CALIBRATION_TRIES = 3;
    /**
     * Two calibrations further apart than this are different machines, or a machine that changed: single tries of the
     * reference spread ± 7 % on this machine with two test suites beside it (0.62–0.71 s for 96 MiB); machines of one
     * kind differ by up to 4x; and this machine's CPUs change speed by steps from one minute to the next (25
     * back-to-back calibrations: 0.43–0.44 s, then 0.26–0.30 s, 1.65x), which two runs' figures must not be compared
     * across without saying so.
     */
    public static final double CALIBRATION_SAME_MACHINE = 0.10;
    /**
     * The reference timed again before each cell, once, on the server's CPUs: 32 MiB, about 0.2 s of CPU here, long
     * enough that {@code times}' 10 ms ticks are 5 % of it and short enough to cost a cell no more than a third of a
     * second. It tells a cell measured while the CPUs ran at another speed step ({@link #CALIBRATION_SAME_MACHINE}).
     */
    public static final int CELL_REFERENCE_MIB = 32;
}
