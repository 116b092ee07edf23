package dev.loomlab.lab.load;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;

/**
 * A test-only engine: the closed model only, one driver, and it always measures the same thing. It exists to show
 * that an engine is its class plus one line in a catalogue, and that plans are refused by what it declares.
 */
final class ProbeEngine implements LoadEngine {
    static final EngineType TYPE = EngineType.of("probe", EnumSet.of(EngineType.Capability.CLOSED),
            () -> true, () -> "the probe is always here", Optional::empty, (jdk, cpus) -> new ProbeEngine());

    @Override
    public String id() {
        return "probe";
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadProgress.Listener listener) {
        return new LoadResult("probe", "1", spec.duration().toSeconds(), 1, 1, 1, new Latencies(1, 1, 1, 1, 1, 1), Map.of(), null, 1, 0, 0, "none",
                null);
    }
}
