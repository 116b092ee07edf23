package dev.loomlab.load;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one duration grammar of plans, flags, manifests and the driver: a sequence of whole
 * numbers with units, largest first ({@code 1h}, {@code 2m}, {@code 90s}, {@code 1m30s},
 * {@code 500ms}, {@code 1s500ms}), or a plain number of seconds. Written by hand because
 * {@link Duration#parse} reads only ISO-8601 ({@code PT1M30S}), which nobody types in a plan.
 */
public final class Durations {
    private static final Pattern WHOLE = Pattern.compile("(\\d{1,9})");
    private static final Pattern PART = Pattern.compile("(\\d{1,9})(h|ms|m|s)");
    private static final String EXAMPLES = "examples: 500ms, 30s, 1m30s, 2m";

    private Durations() {
    }

    /** Reads {@code text}; an {@link InvalidLoadException} naming {@code field} if it is no duration. */
    public static Duration parse(String field, String text) {
        String t = text == null ? "" : text.trim();
        if (WHOLE.matcher(t).matches()) {
            return Duration.ofSeconds(Long.parseLong(t));
        }
        Matcher m = PART.matcher(t);
        Duration total = Duration.ZERO;
        int at = 0;
        int lastRank = Integer.MAX_VALUE;
        while (at < t.length() && m.find(at) && m.start() == at) {
            long n = Long.parseLong(m.group(1));
            int rank = switch (m.group(2)) {
                case "h" -> 3;
                case "m" -> 2;
                case "s" -> 1;
                default -> 0;
            };
            if (rank >= lastRank) {
                throw new InvalidLoadException(field + ": cannot read '" + text + "' as a duration: units go from the largest down ("
                        + EXAMPLES + ")");
            }
            lastRank = rank;
            total = total.plus(switch (rank) {
                case 3 -> Duration.ofHours(n);
                case 2 -> Duration.ofMinutes(n);
                case 1 -> Duration.ofSeconds(n);
                default -> Duration.ofMillis(n);
            });
            at = m.end();
        }
        if (t.isEmpty() || at != t.length()) {
            throw new InvalidLoadException(field + ": cannot read '" + text + "' as a duration (" + EXAMPLES + ")");
        }
        return total;
    }

    /** {@link #parse}, then the bounds: one line naming the field and the range when outside it. */
    public static Duration parse(String field, String text, Duration min, Duration max) {
        return check(field, parse(field, text), min, max);
    }

    /** {@code value} if {@code min <= value <= max}, else an {@link InvalidLoadException} naming the field and the range. */
    public static Duration check(String field, Duration value, Duration min, Duration max) {
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new InvalidLoadException(field + " must be between " + format(min) + " and " + format(max) + ", got " + format(value));
        }
        return value;
    }

    /** The canonical spelling, which {@link #parse} reads back to the same value ({@code 1m30s}, {@code 500ms}, {@code 0s}). */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0s";
        }
        StringBuilder sb = new StringBuilder();
        long h = ms / 3_600_000;
        long m = ms / 60_000 % 60;
        long s = ms / 1000 % 60;
        long rest = ms % 1000;
        if (h > 0) {
            sb.append(h).append('h');
        }
        if (m > 0) {
            sb.append(m).append('m');
        }
        if (s > 0) {
            sb.append(s).append('s');
        }
        if (rest > 0) {
            sb.append(rest).append("ms");
        }
        return sb.toString();
    }
}
