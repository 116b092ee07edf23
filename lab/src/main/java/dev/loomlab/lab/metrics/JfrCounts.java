package dev.loomlab.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Counts the JFR events that say what virtual threads suffered in a cell, inside its measured
 * window: {@code jdk.VirtualThreadPinned} (a virtual thread blocked while pinned to its carrier,
 * over JFR's 20 ms threshold) and {@code jdk.VirtualThreadSubmitFailed}; and where the pins
 * happened: the first application frame of each pinned stack (e.g. the JDBC driver's class), so
 * a finding can name the culprit instead of pointing at the recording.
 */
public final class JfrCounts {
    public static final String PINNED = "jdk.VirtualThreadPinned";
    public static final String SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";
    /** Key prefix of the pinned counts by frame: {@code "jdk.VirtualThreadPinned at com.mysql.cj.NativeSession.execSQL"}. */
    public static final String PINNED_AT = PINNED + " at ";
    /** How many distinct pinning frames a cell keeps: the most frequent. */
    static final int TOP_FRAMES = 3;

    private JfrCounts() {
    }

    /** Event counts by name within [from, to]; empty when the recording is missing or unreadable. */
    public static Map<String, Long> count(Path recording, Instant from, Instant to) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put(PINNED, 0L);
        counts.put(SUBMIT_FAILED, 0L);
        if (recording == null || !Files.isRegularFile(recording)) {
            return Map.of();
        }
        Map<String, Long> frames = new LinkedHashMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String name = e.getEventType().getName();
                if (counts.containsKey(name) && !e.getStartTime().isBefore(from) && !e.getStartTime().isAfter(to)) {
                    counts.merge(name, 1L, Long::sum);
                    if (name.equals(PINNED)) {
                        frames.merge(applicationFrame(e), 1L, Long::sum);
                    }
                }
            }
        } catch (IOException e) {
            return Map.of();
        }
        frames.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(TOP_FRAMES)
                .forEach(f -> counts.put(PINNED_AT + f.getKey(), f.getValue()));
        return counts;
    }

    /** The pinned counts by frame, most frequent first, from a cell's event map. */
    public static Map<String, Long> pinnedAt(Map<String, Long> events) {
        Map<String, Long> at = new LinkedHashMap<>();
        if (events != null) {
            events.entrySet().stream().filter(en -> en.getKey().startsWith(PINNED_AT))
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(en -> at.put(en.getKey().substring(PINNED_AT.length()), en.getValue()));
        }
        return at;
    }

    /** The topmost frame outside the JDK: where the application (or its library) blocked while pinned. */
    static String applicationFrame(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return "(no stack trace)";
        }
        String jdkTop = null;
        for (var frame : e.getStackTrace().getFrames()) {
            String type = frame.getMethod().getType().getName();
            String at = type + "." + frame.getMethod().getName();
            if (jdkTop == null) {
                jdkTop = at;
            }
            if (!(type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun."))) {
                return at;
            }
        }
        return jdkTop == null ? "(no stack trace)" : jdkTop;
    }
}
