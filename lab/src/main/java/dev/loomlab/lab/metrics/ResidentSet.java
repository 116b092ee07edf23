package dev.loomlab.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;

/** A process's resident set size, as Linux reports it in {@code /proc/PID/status} (its {@code VmRSS} line, kB). */
public final class ResidentSet {
    private ResidentSet() {
    }

    /** The resident set of {@code pid} in MB (1024 kB); empty when the process is gone or the kernel has no such line. */
    public static OptionalDouble mb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return OptionalDouble.of(Long.parseLong(line.replaceAll("\\D", "")) / 1024.0);
                }
            }
        } catch (IOException | RuntimeException e) {
            // The process may have exited: no figure rather than a wrong one.
        }
        return OptionalDouble.empty();
    }
}
