package dev.loomlab.scenario;

/**
 * One bounded, numeric request parameter. Every parameter is bounded so that a request can
 * never ask a server to hold a thread or a connection for longer than the contract allows.
 */
public record Param(String name, String unit, long defaultValue, long min, long max) {

    /** The upper bound of every sleep in the contract: 60 s. */
    public static final long MAX_SLEEP_MS = 60_000;

    public static Param sleepMs(long defaultValue) {
        return new Param("ms", "ms", defaultValue, 0, MAX_SLEEP_MS);
    }

    /**
     * Parses a raw query-string value; {@code null} or blank means the default.
     *
     * @throws BadParameterException with a one-line message when the value is not a whole
     *                               number or lies outside [min, max]
     */
    public long parse(String raw) {
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        long value;
        try {
            value = Long.parseLong(raw.trim());
        } catch (NumberFormatException e) {
            throw new BadParameterException(name + " must be a whole number of " + unit + ", got '" + abbreviate(raw) + "'");
        }
        if (value < min || value > max) {
            throw new BadParameterException(name + " must be between " + min + " and " + max + " " + unit + ", got " + value);
        }
        return value;
    }

    // Echoing request text back is fine, but never unbounded: keep error lines short.
    private static String abbreviate(String raw) {
        String oneLine = raw.replaceAll("[\\r\\n]", " ");
        return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 40) + "…";
    }
}
