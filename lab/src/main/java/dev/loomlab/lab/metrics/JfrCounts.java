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
 * over JFR's 20 ms threshold) and {@code jdk.VirtualThreadSubmitFailed}.
 */
public final class JfrCounts {
    public static final String PINNED = "jdk.VirtualThreadPinned";
    public static final String SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";

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
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String name = e.getEventType().getName();
                if (counts.containsKey(name) && !e.getStartTime().isBefore(from) && !e.getStartTime().isAfter(to)) {
                    counts.merge(name, 1L, Long::sum);
                }
            }
        } catch (IOException e) {
            return Map.of();
        }
        return counts;
    }
}
