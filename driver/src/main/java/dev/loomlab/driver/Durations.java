package dev.loomlab.driver;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the driver's duration arguments: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}; a plain number is seconds. */
final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private Durations() {
    }

    /** @return the duration in milliseconds (rounded to the nearest millisecond) */
    static long parseMillis(String text) {
        if (text == null) {
            throw new IllegalArgumentException("missing duration");
        }
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("invalid duration '" + text + "' (use e.g. 500ms, 10s, 2m or a number of seconds)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double factor = switch (unit) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            default -> throw new IllegalStateException(unit);
        };
        double millis = value * factor;
        if (millis > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("duration '" + text + "' is too large");
        }
        return Math.round(millis);
    }
}
