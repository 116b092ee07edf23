package dev.loomlab.lab.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.loomlab.scenario.Scenario;
import dev.loomlab.scenario.Scenarios;
import java.util.List;

/** The families of scenarios a server implements as a whole; a descriptor lists the ones it serves. */
public enum ScenarioGroup {
    @JsonProperty("seeds") SEEDS,
    @JsonProperty("pitfalls") PITFALLS,
    @JsonProperty("fan-outs") FAN_OUTS;

    public List<Scenario> scenarios() {
        return switch (this) {
            case SEEDS -> Scenarios.seeds();
            case PITFALLS -> Scenarios.pitfalls();
            case FAN_OUTS -> Scenarios.fanOuts();
        };
    }
}
