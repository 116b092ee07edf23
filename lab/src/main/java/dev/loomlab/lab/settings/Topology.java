package dev.loomlab.lab.settings;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the load driver, the server and the database run: {@code local} (all three in this
 * machine's one network namespace, over loopback — the default) or {@code split} (each in a
 * network namespace of its own, joined by a bridge, with a latency and jitter added each way
 * between the driver and the server and between the server and the database).
 *
 * @param appLatency one-way delay between each driver and the server (zero: none)
 * @param appJitter  uniform jitter around {@code appLatency}
 * @param dbLatency  one-way delay between the server and the database
 * @param dbJitter   uniform jitter around {@code dbLatency}
 */
public record Topology(String mode, Duration appLatency, Duration appJitter, Duration dbLatency, Duration dbJitter) {
    public static final String LOCAL_MODE = "local";
    public static final String SPLIT_MODE = "split";
    public static final Topology LOCAL = new Topology(LOCAL_MODE, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    /** The longest delay the lab adds: a link, not a satellite. */
    static final Duration MAX_DELAY = Duration.ofSeconds(1);

    private static final Pattern DELAY = Pattern.compile("(\\d{1,7}(?:\\.\\d{1,3})?)\\s*(us|ms|s)");

    public Topology {
        if (!LOCAL_MODE.equals(mode) && !SPLIT_MODE.equals(mode)) {
            throw new PlanException("topology: unknown value '" + mode + "' (allowed: local, split)");
        }
        if (LOCAL_MODE.equals(mode) && !(appLatency.isZero() && appJitter.isZero() && dbLatency.isZero() && dbJitter.isZero())) {
            throw new PlanException("appLatency, appJitter, dbLatency and dbJitter need topology: split (--topology split); the local topology has no link to delay");
        }
        if (appJitter.compareTo(appLatency) > 0 || dbJitter.compareTo(dbLatency) > 0) {
            throw new PlanException("a jitter must not exceed its latency (appJitter " + format(appJitter) + " vs appLatency "
                    + format(appLatency) + ", dbJitter " + format(dbJitter) + " vs dbLatency " + format(dbLatency) + ")");
        }
    }

    public boolean split() {
        return SPLIT_MODE.equals(mode);
    }

    /** Whether a link is delayed at all (the delay needs the wire, see {@code topology.Namespaces}). */
    public boolean delayed() {
        return !appLatency.isZero() || !dbLatency.isZero();
    }

    /**
     * A delay as people write it for netem: {@code 1ms}, {@code 0.2ms}, {@code 500us}, {@code 0}
     * — microsecond precision, at most 1 s.
     */
    public static Duration parseDelay(String field, Object value) {
        String text = String.valueOf(value).trim();
        if (text.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = DELAY.matcher(text);
        if (!m.matches()) {
            throw new PlanException(field + ": cannot read '" + text + "' as a delay (examples: 2ms, 0.2ms, 500us, 0)");
        }
        // Decimal, not double: 128.002 ms is 128002 us exactly, where a double makes it 128001.99999.
        BigDecimal micros = new BigDecimal(m.group(1)).multiply(switch (m.group(2)) {
            case "us" -> BigDecimal.ONE;
            case "ms" -> BigDecimal.valueOf(1_000);
            default -> BigDecimal.valueOf(1_000_000);
        });
        if (micros.stripTrailingZeros().scale() > 0) {
            throw new PlanException(field + ": '" + text + "' is finer than a microsecond");
        }
        Duration d = Duration.ofNanos(micros.longValueExact() * 1_000);
        if (d.compareTo(MAX_DELAY) > 0) {
            throw new PlanException(field + " must be at most 1s, got " + text);
        }
        return d;
    }

    /** In milliseconds, as {@link #parseDelay} reads it back: {@code 0}, {@code 2ms}, {@code 0.2ms}, {@code 1.25ms}. */
    public static String format(Duration d) {
        long micros = d.toNanos() / 1_000;
        return micros == 0 ? "0" : BigDecimal.valueOf(micros, 3).stripTrailingZeros().toPlainString() + "ms";
    }

    /** For the manifest and each cell: the mode and, when split, each link's delay. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", mode);
        if (split()) {
            m.put("appLatency", format(appLatency));
            m.put("appJitter", format(appJitter));
            m.put("dbLatency", format(dbLatency));
            m.put("dbJitter", format(dbJitter));
        }
        return m;
    }
}
