package dev.loomlab.driver;

import java.util.concurrent.TimeUnit;

import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.Session;

/**
 * A closed-model spike in ONE Hyperfoil phase, as {@link RampGate} makes a ramp: the phase runs the step's VUs
 * ({@code peakVus}), and this step, first in each session's scenario, lets the first {@code steadyVus} sessions send all
 * along and the others only in {@code [fromMs, toMs)} after the phase start (the window's start plus the spike's
 * {@code at}). A waiting session sleeps on its own event loop until the step starts; after the step, the extra sessions
 * stop after their current request and sleep until the phase ends.
 */
record SpikeGate(int steadyVus, long fromMs, long toMs) implements Step {
    private static final long serialVersionUID = 1L;
    /** Re-check interval of an idle session after the step, until the phase has finished. */
    private static final long END_POLL_MS = 50;

    /** Whether session {@code index} may send at this time since the phase start. */
    boolean active(int index, long elapsedMs) {
        return index < steadyVus || elapsedMs >= fromMs && elapsedMs < toMs;
    }

    @Override
    public boolean invoke(Session session) {
        if (session.phase().status().isFinished()) {
            session.currentSequence().breakSequence(session);
            return true;
        }
        long elapsed = System.currentTimeMillis() - session.phaseStartTimestamp();
        if (active(session.uniqueId(), elapsed)) {
            return true;
        }
        long delay = elapsed < fromMs ? fromMs - elapsed : END_POLL_MS;
        session.executor().schedule(session.runTask(), Math.max(1, delay), TimeUnit.MILLISECONDS);
        return false;
    }
}
