package dev.loomlab.lab.catalog;

import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

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

    /** A helper server module's jar, one that serves no model (the fan-outs' downstream). */
    public static Path helperJar(String module) {
        return built(root().resolve("servers").resolve(module).resolve("target").resolve("loomlab-server-" + module + ".jar"));
    }

    /** The built jar of {@code model}'s server, where its descriptor says. */
    public static Path serverJar(Model model) {
        return built(root().resolve(model.jar()));
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

    /** A value from a jar's manifest, e.g. {@code Spring-Boot-Version}. */
    public static String jarAttribute(Path jar, String attribute) {
        try (JarFile file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            String value = manifest == null ? null : manifest.getMainAttributes().getValue(attribute);
            return value == null ? "unknown" : value;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
