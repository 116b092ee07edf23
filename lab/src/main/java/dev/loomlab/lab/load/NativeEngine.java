package dev.loomlab.lab.load;

import dev.loomlab.lab.os.CpuLayout;
import dev.loomlab.lab.os.process.Once;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * An engine that is a native binary run as a process per cell (k6, wrk): what the two have alike — the refusals
 * before anything is written, the version the binary reports (asked once), and launching the binary pinned to the
 * driver's CPUs through {@link EngineProcess}.
 */
abstract sealed class NativeEngine implements LoadEngine permits K6Engine, WrkEngine {
    private final EngineType type;
    private final Path binary;
    private final CpuLayout cpus;
    private final Once<String> version = new Once<>();

    NativeEngine(EngineType type, Path binary, CpuLayout cpus) {
        this.type = type;
        this.binary = binary;
        this.cpus = cpus;
    }

    @Override
    public final String id() {
        return type.id();
    }

    /**
     * The engine's version as results record it, from the binary's own version command: run once, with no lock held
     * (a caller that comes while it runs waits for its answer, not on this engine's monitor).
     */
    public final String version() {
        return version.get(this::readVersion);
    }

    /** Asks the binary for its version (called once), e.g. through {@link #versionLine}. */
    abstract String readVersion();

    /** The first line the binary prints when run with {@code args}. */
    final Optional<String> versionLine(String... args) {
        List<String> command = new ArrayList<>(List.of(binary.toString()));
        command.addAll(List.of(args));
        return Engines.versionLine(command);
    }

    /** The CPUs the engine is pinned to, as a taskset list ({@code 2-3}). */
    final String driverCpus() {
        return cpus.driver();
    }

    /**
     * Refuses, in this order, what the engine cannot run: a method other than GET, a load shape its declaration lacks
     * (worded as the catalogue words it), a binary that vanished since the catalogue found it.
     */
    final void requireRunnable(LoadSpec spec) {
        if (!spec.method().equals("GET")) {
            // Only the hyperfoil driver sends other methods here; a GET instead of a POST would measure another scenario.
            throw new LoadException(id() + " is driven with GET only in loomlab: use --engine hyperfoil for " + spec.method() + " " + spec.url());
        }
        if (!type.capabilities().contains(EngineType.shapeOf(spec.workload()))) {
            throw EngineCatalog.refused(id(), spec);
        }
        if (!Files.isExecutable(binary)) {
            throw new LoadException(id() + " is not installed at " + binary + ": " + Engines.installHint(id()));
        }
    }

    /** One run of the binary with {@code args} (see {@link EngineProcess}); a non-zero exit is an engine failure. */
    final EngineProcess.Outcome launch(List<String> args, Map<String, String> env, LoadSpec spec, Consumer<String> lines,
                                       LoadProgress.Listener listener) {
        List<String> command = new ArrayList<>(List.of(binary.toString()));
        command.addAll(args);
        EngineProcess.Outcome outcome = EngineProcess.run(id(), command, env, cpus, spec, lines, listener);
        if (outcome.exitCode() != 0) {
            throw new LoadException(id() + " exited with " + outcome.exitCode() + ": " + outcome.tail());
        }
        return outcome;
    }
}
