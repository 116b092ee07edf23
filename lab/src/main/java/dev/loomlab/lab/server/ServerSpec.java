package dev.loomlab.lab.server;

import dev.loomlab.database.DatabaseEndpoint;
import dev.loomlab.lab.catalog.Model;
import dev.loomlab.lab.jdk.Jdk;
import dev.loomlab.lab.os.CpuLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How to start one model's server: the same settings for every model but the one that makes it that model.
 *
 * @param jfr where the server's flight recording goes (dumped when it exits), or null for none
 * @param jdbcDriver the JDBC driver the mvc server loads instead of its own, or null for its own
 * @param launchPrefix put before the (CPU-pinned) command, e.g. {@code ip netns exec NAME} in the split topology; empty locally
 */
public record ServerSpec(
        Model model,
        Jdk jdk,
        String heap,
        int poolSize,
        DatabaseEndpoint database,
        CpuLayout cpus,
        int port,
        Path log,
        Path jfr,
        Duration startTimeout,
        List<String> extraArgs,
        JdbcDriver jdbcDriver,
        List<String> launchPrefix) {

    public ServerSpec {
        Objects.requireNonNull(cpus, "cpus");
        extraArgs = List.copyOf(extraArgs);
        launchPrefix = launchPrefix == null ? List.of() : List.copyOf(launchPrefix);
    }

    /** The same server on {@code newPort}. */
    public ServerSpec onPort(int newPort) {
        return new ServerSpec(model, jdk, heap, poolSize, database, cpus, newPort, log, jfr, startTimeout, extraArgs, jdbcDriver,
                launchPrefix);
    }

    /** A server on its own JDBC driver, in the lab's own network namespace. */
    public ServerSpec(Model model, Jdk jdk, String heap, int poolSize, DatabaseEndpoint database, CpuLayout cpus, int port,
                      Path log, Path jfr, Duration startTimeout, List<String> extraArgs) {
        this(model, jdk, heap, poolSize, database, cpus, port, log, jfr, startTimeout, extraArgs, null, List.of());
    }
}
