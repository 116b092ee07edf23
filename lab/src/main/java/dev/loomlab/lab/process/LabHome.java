package dev.loomlab.lab.process;

import dev.loomlab.lab.plan.PlanException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The checkout the lab runs from: where the built server and driver jars are. */
public final class LabHome {
    private LabHome() {
    }

    public static Path root() {
        String configured = System.getProperty("loomlab.home", System.getenv("LOOMLAB_HOME"));
        Path root = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        // Tests run inside lab/: walk up to the checkout.
        for (Path p = root.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("servers")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        return root;
    }

    public static Path serverJar(String server) {
        return built(root().resolve("servers").resolve(server).resolve("target").resolve("loomlab-server-" + server + ".jar"));
    }

    public static Path driverJar() {
        return built(root().resolve("driver").resolve("target").resolve("loomlab-driver.jar"));
    }

    private static Path built(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new PlanException("missing " + jar + ": build it with ./loomlab build (the launcher builds what is missing)");
        }
        return jar;
    }
}
