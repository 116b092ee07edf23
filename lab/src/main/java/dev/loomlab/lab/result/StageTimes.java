package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Where a cell's wall time went, stage by stage, in the order the stages ran. Only the warm-up and
 * the window are the measurement; everything else is what the lab costs around it ({@link #overhead()}).
 * A cell that stopped early has the stages it reached. Written in a cell file as seconds:
 * {@code {"ready": 11.2, "verify": 0.9, ..., "wall": 63.4}}.
 *
 * @param stages     how long each stage took, in {@link Stage} order
 * @param wall       the cell's wall time, from its launch to its record, timed on its own clock: the stages add up to it
 * @param besideNext the part of the wall time that ran beside the next cell: zero since each cell runs alone (issue 37),
 *                   read from the records of older runs, where a cell's stop and judging ran beside the next cell's
 *                   warm-up and were not a cost of the run
 */
public record StageTimes(Map<Stage, Duration> stages, Duration wall, Duration besideNext) {

    /** A cell's stages, in the order they run. */
    public enum Stage {
        /** From the cell's start (its CPU reference, a fifth of a second) through the server's launch to its ready line (a target: nothing to start). */
        READY,
        /** The contract check. */
        VERIFY,
        /**
         * From the contract checked to the driver's first warm-up (or burst) report: what is left of its connecting (a
         * driver started with the server connects while the contract is checked), or an engine's whole start.
         */
        DRIVER_START,
        WARMUP,
        WINDOW,
        /** From the window's end until the engine returned: in-flight requests answered, the driver's results written. */
        DRAIN,
        /**
         * The server stopped and its port free again, once its flight recording holds a period past the window (the
         * window's allocation is read between two of them).
         */
        STOP,
        /** The flight recording counted, the time series written, the cell judged. */
        JUDGE;

        /** Its key in the cell record: the name in lower camel case ({@code driverStart}). */
        public String id() {
            String[] words = name().toLowerCase(Locale.ROOT).split("_");
            StringBuilder id = new StringBuilder(words[0]);
            for (int i = 1; i < words.length; i++) {
                id.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
            }
            return id.toString();
        }

        /** The measurement itself, not overhead. */
        public boolean measured() {
            return this == WARMUP || this == WINDOW;
        }

        static Stage byId(String id) {
            for (Stage s : values()) {
                if (s.id().equals(id)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("no stage '" + id + "'");
        }
    }

    /** No stage recorded: cells written before stages were timed read as this. */
    public static final StageTimes NONE = new StageTimes(Map.of(), Duration.ZERO);

    private static final String WALL = "wall";
    private static final String BESIDE_NEXT = "besideNext";

    public StageTimes {
        // Kept to the millisecond, as the cell file holds them, so a report rebuilt from the file reads the same sums
        // as the run that wrote it (a first answer of 4,805 ms in one and 4,804 ms in the other is a different page).
        EnumMap<Stage, Duration> ordered = new EnumMap<>(Stage.class);
        stages.forEach((stage, d) -> ordered.put(stage, toMillis(d)));
        stages = Collections.unmodifiableMap(ordered);
        wall = toMillis(wall);
        besideNext = toMillis(besideNext);
    }

    /** A cell's times, all of them its own. */
    public StageTimes(Map<Stage, Duration> stages, Duration wall) {
        this(stages, wall, Duration.ZERO);
    }

    /** How long {@code stage} took; zero when the cell did not reach it. */
    public Duration of(Stage stage) {
        return stages.getOrDefault(stage, Duration.ZERO);
    }

    /** The wall time beyond the warm-up and the window, less what ran beside the next cell. */
    public Duration overhead() {
        return wall.minus(of(Stage.WARMUP)).minus(of(Stage.WINDOW)).minus(besideNext);
    }

    /** The stages' own sum (the wall time less what fell between them). */
    public Duration sum() {
        return stages.values().stream().reduce(Duration.ZERO, Duration::plus);
    }

    public boolean recorded() {
        return !stages.isEmpty();
    }

    @JsonValue
    Map<String, Double> json() {
        Map<String, Double> m = new LinkedHashMap<>();
        stages.forEach((stage, d) -> m.put(stage.id(), seconds(d)));
        m.put(WALL, seconds(wall));
        if (!besideNext.isZero()) {
            m.put(BESIDE_NEXT, seconds(besideNext));
        }
        return m;
    }

    @JsonCreator
    static StageTimes fromJson(Map<String, Double> json) {
        Map<Stage, Duration> stages = new EnumMap<>(Stage.class);
        Duration wall = Duration.ZERO;
        Duration besideNext = Duration.ZERO;
        for (Map.Entry<String, Double> e : json.entrySet()) {
            Duration d = Duration.ofMillis(Math.round(e.getValue() * 1000));
            if (e.getKey().equals(WALL)) {
                wall = d;
            } else if (e.getKey().equals(BESIDE_NEXT)) {
                besideNext = d;
            } else {
                stages.put(Stage.byId(e.getKey()), d);
            }
        }
        return new StageTimes(stages, wall, besideNext);
    }

    private static Duration toMillis(Duration d) {
        return Duration.ofMillis(d.toMillis());
    }

    /** Seconds to the millisecond: what a person reads, and finer than any stage's own noise. */
    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }
}
