package dev.loomlab.driver;

import io.hyperfoil.api.session.Session;

/**
 * Closed-model ramp in ONE Hyperfoil phase: the phase runs {@code max(levels)} sessions (one
 * connection set for the whole ramp), and this step, first in each session's scenario, lets a
 * session send its next request only while the current level has more VUs than the session's
 * index. An idle session sleeps until the level at which it becomes active (a timer on its own
 * event loop, the way Hyperfoil's think-time step waits), so a new level's VUs start at the level's
 * first millisecond; when a level lowers the count, the sessions above it stop after their
 * current request. There is no overlap between levels: at any instant at most the level's VU
 * count of requests is in flight.
 *
 * <p>Timeline, counted from the phase start: {@code [0, warmupMs)} at {@code levels[0]} VUs, then
 * level k during {@code [warmupMs + k*stepMs, warmupMs + (k+1)*stepMs)}. After the last level no
 * session sends; once the phase is finished, idle sessions end.
 *
 * <p>Sessions are told apart by {@link Session#uniqueId()}: Hyperfoil numbers a benchmark's sessions
 * 0, 1, 2, … as it creates them, and the ramp's benchmark has a single phase.
 */
record RampGate(long warmupMs, long stepMs, int[] levels) implements SessionGate {
    private static final long serialVersionUID = 1L;
    /** Re-check interval of an idle session after the last level, until the phase has finished. */
    private static final long END_POLL_MS = 10;

    /** VUs active at this time since the phase start; 0 after the last level. */
    int activeAt(long elapsedMs) {
        if (elapsedMs < warmupMs) {
            return levels[0];
        }
        long k = (elapsedMs - warmupMs) / stepMs;
        return k < levels.length ? levels[(int) k] : 0;
    }

    /** The level (0-based) at this time, -1 during the warm-up, levels.length after the end. */
    int levelAt(long elapsedMs) {
        if (elapsedMs < warmupMs) {
            return -1;
        }
        return (int) Math.min(levels.length, (elapsedMs - warmupMs) / stepMs);
    }

    /** When (ms since the phase start) session {@code index} next becomes active after {@code elapsedMs}, or -1 never. */
    long nextActivation(int index, long elapsedMs) {
        int from = Math.max(0, levelAt(elapsedMs) + 1);
        for (int k = from; k < levels.length; k++) {
            if (levels[k] > index) {
                return warmupMs + k * stepMs;
            }
        }
        return -1;
    }

    @Override
    public boolean active(int index, long elapsedMs) {
        return index < activeAt(elapsedMs);
    }

    @Override
    public long idleMs(int index, long elapsedMs) {
        long next = nextActivation(index, elapsedMs);
        return next < 0 ? Math.max(END_POLL_MS, warmupMs + levels.length * stepMs - elapsedMs) : next - elapsedMs;
    }

    static int[] linear(int from, int to, int steps) {
        int[] levels = new int[steps];
        for (int k = 0; k < steps; k++) {
            levels[k] = steps == 1 ? from : (int) Math.round(from + (double) (to - from) * k / (steps - 1));
        }
        return levels;
    }
}
