package dev.loomlab.driver;

/**
 * A closed-model spike in ONE Hyperfoil phase, as {@link RampGate} makes a ramp: the phase runs the step's VUs
 * ({@code peakVus}), and this step, first in each session's scenario, lets the first {@code steadyVus} sessions send all
 * along and the others only in {@code [fromMs, toMs)} after the phase start (the window's start plus the spike's
 * {@code at}). A waiting session sleeps on its own event loop until the step starts; after the step, the extra sessions
 * stop after their current request and sleep until the phase ends.
 */
record SpikeGate(int steadyVus, long fromMs, long toMs) implements SessionGate {
    private static final long serialVersionUID = 1L;
    /** Re-check interval of an idle session after the step, until the phase has finished. */
    private static final long END_POLL_MS = 50;

    @Override
    public boolean active(int index, long elapsedMs) {
        return index < steadyVus || elapsedMs >= fromMs && elapsedMs < toMs;
    }

    @Override
    public long idleMs(int index, long elapsedMs) {
        return elapsedMs < fromMs ? fromMs - elapsedMs : END_POLL_MS;
    }
}
