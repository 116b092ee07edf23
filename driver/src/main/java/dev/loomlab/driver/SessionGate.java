package dev.loomlab.driver;

import java.util.concurrent.TimeUnit;

import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.Session;

/**
 * A step first in each session's scenario that lets a session send only while the load's shape has it active (a ramp's
 * level, a spike's step): an idle session sleeps on its own event loop until it may send again, the way Hyperfoil's
 * think-time step waits, and ends once the phase has finished (like Hyperfoil's breakIfFinished).
 */
interface SessionGate extends Step {
    /** Whether session {@code index} may send at this time since the phase start. */
    boolean active(int index, long elapsedMs);

    /** How long an idle session {@code index} sleeps before it looks again. */
    long idleMs(int index, long elapsedMs);

    @Override
    default boolean invoke(Session session) {
        if (session.phase().status().isFinished()) {
            session.currentSequence().breakSequence(session);
            return true;
        }
        long elapsed = System.currentTimeMillis() - session.phaseStartTimestamp();
        int index = session.uniqueId();
        if (active(index, elapsed)) {
            return true;
        }
        session.executor().schedule(session.runTask(), Math.max(1, idleMs(index, elapsed)), TimeUnit.MILLISECONDS);
        return false;
    }
}
