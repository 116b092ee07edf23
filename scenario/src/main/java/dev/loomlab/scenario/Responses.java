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

    public static String sleptSynchronized(long ms) {
        return "slept " + ms + " ms inside synchronized";
    }

    public static String sleptLocked(long ms) {
        return "slept " + ms + " ms holding a ReentrantLock";
    }

    public static String sleptNative(long ms) {
        return "slept " + ms + " ms in native usleep";
    }

    public static String threadLocal(long ms, String formatted, long kb, boolean fresh) {
        return "slept " + ms + " ms, formatted " + formatted + " with a " + kb + " KB per-thread cache (" + (fresh ? "fresh" : "reused") + ")";
    }

    public static String worked(long units, String digest) {
        return "worked " + units + " units, digest " + digest;
    }

    public static String wrote(long ms) {
        return "slept " + ms + " ms, wrote 1 row";
    }

    public static String rows(long n) {
        return "rows " + n;
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
