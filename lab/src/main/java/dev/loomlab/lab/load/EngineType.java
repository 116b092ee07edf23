package dev.loomlab.lab.load;

import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.load.Workload;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One load engine as the {@link EngineCatalog} knows it: its id, what it can drive, whether it is installed here
 * and how to install it. Adding an engine is its {@link LoadEngine} class, one of these, and one line in the catalogue.
 */
public interface EngineType {

    /** What an engine can do; a plan asking for something its engine lacks is refused before anything starts. */
    enum Capability {
        /** A fixed number of virtual users. */
        CLOSED,
        /** A fixed arrival rate. */
        OPEN,
        /** N requests at once, timed to the last answer. */
        BURST,
        /**
         * One test split over load agents reached over SSH (namespaces or real machines), each running its execution
         * segment, their per-request samples merged ({@link K6Agents}).
         */
        AGENTS,
        /** Driving a server in a network namespace of its own. */
        SPLIT_TOPOLOGY,
        /**
         * Tail percentiles (p90, p99, max) from every request's own latency. Without it (wrk: a histogram of the ramp and
         * the window, corrected for coordinated omission after the run) the tail is an estimate: tables and compares
         * leave it out.
         */
        EXACT_TAILS,
        /** A step of the load inside the window and back ({@code shape: spike …}): phases that start one after another. */
        SPIKE,
        /** A closed load rising one level a second inside the window ({@code shape: ramp …}). */
        RAMP
    }

    /** The id a plan names ({@code engine: k6}). */
    String id();

    Set<Capability> capabilities();

    /** Whether the engine can run here (built or installed). */
    boolean available();

    /** One line: why the engine is missing and how to get it. */
    String missingMessage();

    /** The installed version, for a run's manifest; empty if the engine says it itself (Hyperfoil's driver) or is missing. */
    Optional<String> version();

    /** The engine, ready to run; called only when {@link #available()}. */
    LoadEngine create(Jdk jdk, CpuLayout cpus);

    /** An engine declared by its parts (what the built-in engines use). */
    static EngineType of(String id, Set<Capability> capabilities, BooleanSupplier available, Supplier<String> missingMessage,
            Supplier<Optional<String>> version, BiFunction<Jdk, CpuLayout, LoadEngine> create) {
        record Declared(String id, Set<Capability> capabilities, BooleanSupplier isAvailable, Supplier<String> missing,
                        Supplier<Optional<String>> installed, BiFunction<Jdk, CpuLayout, LoadEngine> factory) implements EngineType {
            @Override
            public boolean available() {
                return isAvailable.getAsBoolean();
            }

            @Override
            public String missingMessage() {
                return missing.get();
            }

            @Override
            public Optional<String> version() {
                return installed.get();
            }

            @Override
            public LoadEngine create(Jdk jdk, CpuLayout cpus) {
                return factory.apply(jdk, cpus);
            }
        }
        return new Declared(id, Set.copyOf(capabilities), available, missingMessage, version, create);
    }

    /** The capability a workload needs. */
    static Capability shapeOf(Workload workload) {
        return switch (workload) {
            case Workload.Closed c -> Capability.CLOSED;
            case Workload.Open o -> Capability.OPEN;
            case Workload.Burst b -> Capability.BURST;
        };
    }
}
