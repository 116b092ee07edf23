package dev.loomlab.lab.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.loomlab.load.SteadyState;

/**
 * Whether a cell was measured in steady state: its warm-up ended with the load settled and its window did not drift
 * ({@link dev.loomlab.load.SteadyState}). A cell not settled is measured all the same, marked, and not judged against
 * its ceiling.
 *
 * @param state       settled, not-settled, or not-judged (the engine keeps no per-second series: k6, wrk, several drivers)
 * @param warmupEnded how the warm-up ended: fixed (its planned time), settled, cap (at warmupMax, unsettled), or
 *                    unknown (an engine that cannot say)
 * @param why         for a cell not settled or not judged, the evidence in one clause; null for a settled one
 * @param compiler    the server's JIT compiler over the warm-up's last seconds, which a settling warm-up waits to go
 *                    quiet ({@link dev.loomlab.load.SteadyState.Compiler}); absent when the driver could not watch it
 *                    (k6, wrk, a server elsewhere, an older run)
 */
public record Steadiness(State state, String warmupEnded, String why,
        @JsonInclude(JsonInclude.Include.NON_NULL) SteadyState.Compiler compiler) {

    /** Steadiness judged without the server's compiler. */
    public Steadiness(State state, String warmupEnded, String why) {
        this(state, warmupEnded, why, null);
    }

    public enum State {
        SETTLED("settled"), NOT_SETTLED("not-settled"), NOT_JUDGED("not-judged");

        private final String spelling;

        State(String spelling) {
            this.spelling = spelling;
        }

        @JsonValue
        public String spelling() {
            return spelling;
        }
    }

    public boolean settled() {
        return state == State.SETTLED;
    }

    public boolean notSettled() {
        return state == State.NOT_SETTLED;
    }
}
