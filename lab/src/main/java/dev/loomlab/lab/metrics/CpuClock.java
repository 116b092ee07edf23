package dev.loomlab.lab.metrics;

import java.time.Duration;
import java.util.Optional;

/** CPU time of a process and, optionally, everything it forked (PostgreSQL forks a process per connection). */
record CpuClock(long pid, boolean withDescendants) {
    /** Total CPU seconds so far, or NaN when the process is gone. */
    double seconds() {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return Double.NaN;
        }
        double total = cpu(handle.get());
        if (withDescendants) {
            total += handle.get().descendants().mapToDouble(CpuClock::cpu).sum();
        }
        return total;
    }

    private static double cpu(ProcessHandle h) {
        return h.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9;
    }
}
