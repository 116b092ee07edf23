package dev.loomlab.lab.load;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.load.EngineType.Capability;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.load.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The load engines by id, with what each can drive. Pre-flight refusals come from the engines' declared
 * {@link Capability capabilities}, never from comparing engine names: a new engine is its class, its
 * {@link EngineType} and one line in {@link #standard()}.
 */
public final class EngineCatalog {
    private static final EngineCatalog STANDARD = new EngineCatalog(List.of(
            HyperfoilEngine.TYPE,
            K6Engine.TYPE,
            WrkEngine.TYPE));

    private final Map<String, EngineType> types = new LinkedHashMap<>();

    private EngineCatalog(List<EngineType> types) {
        for (EngineType t : types) {
            if (this.types.putIfAbsent(t.id(), t) != null) {
                throw new IllegalArgumentException("two engines are called '" + t.id() + "'");
            }
        }
    }

    /** The engines the lab ships, the default first. */
    public static EngineCatalog standard() {
        return STANDARD;
    }

    /** This catalogue and {@code more} (after it): how a test adds an engine of its own. */
    public EngineCatalog with(EngineType... more) {
        List<EngineType> all = new ArrayList<>(types.values());
        all.addAll(List.of(more));
        return new EngineCatalog(all);
    }

    /** Every engine id, the default first. */
    public List<String> ids() {
        return List.copyOf(types.keySet());
    }

    /** The engine's declaration; a {@link PlanException} naming the known ones if there is none. */
    public EngineType type(String id) {
        EngineType t = types.get(id);
        if (t == null) {
            throw new PlanException(unknown(id));
        }
        return t;
    }

    public Set<Capability> capabilities(String id) {
        return type(id).capabilities();
    }

    /**
     * Whether {@code id}'s tail percentiles are measured, not estimated ({@link Capability#EXACT_TAILS}); an engine this
     * catalogue does not know (a record of a build with other engines) is taken at its word.
     */
    public boolean exactTails(String id) {
        EngineType t = types.get(id);
        return t == null || t.capabilities().contains(Capability.EXACT_TAILS);
    }

    public boolean available(String id) {
        EngineType t = types.get(id);
        return t != null && t.available();
    }

    /** One line: why the engine cannot run here and how to get it. */
    public String missingMessage(String id) {
        EngineType t = types.get(id);
        return t == null ? unknown(id) : t.missingMessage();
    }

    /** The engine, ready to run; a {@link PlanException} if the id is unknown or the engine is not installed. */
    public LoadEngine byId(String id, Jdk jdk, CpuLayout cpus) {
        EngineType t = type(id);
        if (!t.available()) {
            throw new PlanException(t.missingMessage());
        }
        return t.create(jdk, cpus);
    }

    /**
     * Why engine {@code id} cannot drive {@code workload} from {@code agents} load agents (0: the engine alone, on this
     * machine; in the split topology when {@code split}), as the one line a plan is refused with; empty if it can.
     */
    public Optional<String> refusal(String id, Workload workload, int agents, boolean split) {
        if (!types.containsKey(id)) {
            return Optional.of(unknown(id));
        }
        Set<Capability> can = capabilities(id);
        if (agents > 0 && !can.contains(Capability.AGENTS)) {
            // Splitting one test needs the engine's own mechanism (k6's execution segments); see docs/engines.md.
            return Optional.of("agents: load agents run --engine " + these(Capability.AGENTS) + " (" + id
                    + " runs as one driver on this machine; it has no way to split one test over several)");
        }
        if (split && agents == 0 && !can.contains(Capability.SPLIT_TOPOLOGY)) {
            return Optional.of("topology split drives load with the " + these(Capability.SPLIT_TOPOLOGY)
                    + " driver, or with k6 on netns agents: use --engine " + these(Capability.SPLIT_TOPOLOGY)
                    + (can.contains(Capability.AGENTS) ? ", or add --agents 1" : ""));
        }
        Capability shape = EngineType.shapeOf(workload);
        if (!can.contains(shape)) {
            return Optional.of(id + " has no " + switch (shape) {
                case CLOSED -> "closed model";
                case OPEN -> "open model";
                default -> "burst shape";
            } + ": use --engine " + these(shape));
        }
        return Optional.empty();
    }

    /** Why engine {@code id} cannot step its load up and back inside the window (a spike), or empty if it can. */
    public Optional<String> spikeRefusal(String id) {
        return capabilities(id).contains(Capability.SPIKE) ? Optional.empty()
                : Optional.of("shape: " + id + " cannot step its load inside the window (a spike): use --engine " + these(Capability.SPIKE));
    }

    /** Why engine {@code id} cannot raise its users one level a second inside the window (a ramp), or empty if it can. */
    public Optional<String> rampRefusal(String id) {
        return capabilities(id).contains(Capability.RAMP) ? Optional.empty()
                : Optional.of("shape: " + id + " cannot raise its load inside the window (a ramp): use --engine " + these(Capability.RAMP));
    }

    /** An engine asked to run what its declaration says it cannot: the plan should have been refused before. */
    static LoadException refused(String id, LoadSpec spec) {
        return new LoadException(STANDARD.refusal(id, spec.workload(), 0, false)
                .orElse(id + " cannot drive " + spec.workload().describe()));
    }

    /** The engines with {@code capability}, as "hyperfoil or k6". */
    private String these(Capability capability) {
        List<String> ids = types.values().stream().filter(t -> t.capabilities().contains(capability)).map(EngineType::id).toList();
        return ids.isEmpty() ? "(none has " + capability + ")" : String.join(" or ", ids);
    }

    private String unknown(String id) {
        return "unknown engine '" + id + "' (engines: " + String.join(", ", types.keySet()) + ")";
    }
}
