package dev.loomlab.lab.load;

import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.os.process.Children;
import java.time.Duration;
import java.util.OptionalLong;

/** A hyperfoil driver launched before its server: told when the server is up, and when to start. */
final class DriverAheadOfTarget implements PreparedLoad {
    private final LoadSpec spec;
    private final Process process;
    private final DriverGates gates;
    private boolean ran;
    private volatile OptionalLong server = OptionalLong.empty();

    DriverAheadOfTarget(LoadSpec spec, Process process, DriverGates gates) {
        this.spec = spec;
        this.process = process;
        this.gates = gates;
    }

    @Override
    public void targetUp() {
        AtomicWrite.write(gates.connect(), "up");
    }

    @Override
    public void serverIs(long pid) {
        server = OptionalLong.of(pid);
    }

    @Override
    public OptionalLong pid() {
        return OptionalLong.of(process.pid());
    }

    @Override
    public LoadResult run(LoadProgress.Listener listener) {
        ran = true;
        targetUp();
        listener.engineStarted(process.pid());
        try {
            return HyperfoilEngine.await(spec, process, line -> {
                switch (DriverProgress.phase(line)) {
                    // connected: the contract is checked (run is called after it), so the load starts now
                    // with the server's PID: the driver's settling warm-up waits for its JIT compiler too
                    case DriverProgress.READY -> AtomicWrite.write(gates.start(), System.currentTimeMillis()
                            + (server.isPresent() ? " " + server.getAsLong() : ""));
                    case DriverProgress.PREPARED -> {
                    }
                    default -> DriverProgress.report(line, listener);
                }
            });
        } finally {
            gates.delete();
        }
    }

    @Override
    public void close() {
        if (!ran) {
            Children.stop(process, Duration.ofSeconds(2));
            gates.delete();
        }
    }
}
