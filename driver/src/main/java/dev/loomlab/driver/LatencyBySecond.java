package dev.loomlab.driver;

import java.util.concurrent.atomic.AtomicReferenceArray;

import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

/**
 * Response times filed by a second of the phase (the one a request started in, or was due in), recorded from every
 * event loop at once, at {@link WindowSummary#SIGNIFICANT_DIGITS} digits. The closed model files by start here rather
 * than reading Hyperfoil's own interval histograms, which 0.25.2 fixes at 2 significant digits (a value to 1 part in
 * 100: coarser than the few per cent a compare is asked to judge).
 *
 * <p>An {@link AtomicHistogram} per second: one array of counts (a {@code ConcurrentHistogram} keeps two, for phases
 * no one reads here), 139 KB at 3 digits from 1 µs to a minute. Seconds that can no longer be read are let go
 * ({@link #forgetBefore}), so a settling warm-up holds only its last seconds.
 */
final class LatencyBySecond {
    private final AtomicReferenceArray<Histogram> bySecond;
    private volatile int forgottenBefore;

    LatencyBySecond(int seconds) {
        this.bySecond = new AtomicReferenceArray<>(seconds);
    }

    /** Files {@code ns} under {@code second}; beyond a minute (the longest timeout) at that bound. */
    void record(int second, long ns) {
        if (second < forgottenBefore || second < 0 || second >= bySecond.length()) {
            return;
        }
        Histogram h = bySecond.get(second);
        if (h == null) {
            bySecond.compareAndSet(second, null, new AtomicHistogram(WindowSummary.LOWEST_DISCERNIBLE_NS, WindowSummary.HIGHEST_TRACKABLE_NS,
                    WindowSummary.SIGNIFICANT_DIGITS));
            h = bySecond.get(second);
        }
        h.recordValue(Math.min(Math.max(WindowSummary.LOWEST_DISCERNIBLE_NS, ns), WindowSummary.HIGHEST_TRACKABLE_NS));
    }

    /** A copy of what was filed under {@code second}: empty if nothing was, or if it was forgotten. */
    Histogram copy(int second) {
        Histogram h = second < 0 || second >= bySecond.length() ? null : bySecond.get(second);
        Histogram copy = WindowSummary.newHistogram();
        if (h != null) {
            copy.add(h);
        }
        return copy;
    }

    /** Lets go of the seconds before {@code second}, and files nothing there from now on. */
    void forgetBefore(int second) {
        int to = Math.min(second, bySecond.length());
        for (int s = forgottenBefore; s < to; s++) {
            bySecond.set(s, null);
        }
        forgottenBefore = Math.max(forgottenBefore, to);
    }
}
