package dev.loomlab.scenario;

/**
 * The bodies every server writes, in one place so no model can drift from another.
 * Plain text, because seed 000's {@code thread-name} measures the cost of a tiny response.
 */
public final class Responses {
    private Responses() {
    }

    public static String threadName(Thread thread) {
        return thread.toString();
    }

    public static String slept(long ms) {
        return "slept " + ms + " ms";
    }

    public static String sleptThenQueried(long ms, Object dbNow) {
        return "slept " + ms + " ms, db now " + dbNow;
    }

    public static String dbSlept(long ms) {
        return "db slept " + ms + " ms";
    }

    /** A fan-out's body: the two downstream answers, joined; {@code how} says how they were made. */
    public static String calledDownstream(long ms, String how, String first, String second) {
        return "called downstream 2 x " + ms + " ms: " + how + " (" + first + "; " + second + ")";
    }

    /** The one-line body of a 400 answer. */
    public static String badParameter(BadParameterException e) {
        return "bad parameter: " + e.getMessage();
    }

    /** The seconds a database sleep function takes, from the contract's milliseconds. */
    public static double seconds(long ms) {
        return ms / 1000.0;
    }
}
