package dev.loomlab.lab.plan;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the durations people write in plans and flags: {@code 500ms}, {@code 30s}, {@code 2m}, or plain seconds. */
public final class Durations {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|h)?");

    private Durations() {
    }

    public static Duration parse(String field, String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new PlanException(field + ": cannot read '" + text + "' as a duration (examples: 500ms, 30s, 2m)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    /** The shortest spelling that {@link #parse} reads back to the same value. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
