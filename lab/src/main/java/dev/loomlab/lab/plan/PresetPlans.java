package dev.loomlab.lab.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The preset plans: every {@code plans/NAME.yaml} beside the lab's classes, in a classes folder (an IDE, Maven's
 * tests) or in the lab's jar, listed where they are so that adding a preset is adding its file. The class path
 * offers no listing of its own; where the classes came from does, both for a folder and for a jar.
 */
final class PresetPlans {
    static final String FOLDER = "plans";
    private static final String YAML = ".yaml";

    private PresetPlans() {
    }

    /** The presets' names, sorted. */
    static List<String> names() {
        return namesIn(location());
    }

    /** The presets' names under {@code location}, a classes folder or a jar. */
    static List<String> namesIn(Path location) {
        List<String> files = Files.isDirectory(location) ? inFolder(location.resolve(FOLDER)) : inJar(location);
        return files.stream().filter(f -> f.endsWith(YAML) && f.length() > YAML.length())
                .map(f -> f.substring(0, f.length() - YAML.length())).sorted().toList();
    }

    private static List<String> inFolder(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile).map(f -> f.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> inJar(Path jar) {
        String prefix = FOLDER + "/";
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().filter(e -> !e.isDirectory()).map(JarEntry::getName)
                    .filter(n -> n.startsWith(prefix) && n.indexOf('/', prefix.length()) < 0)
                    .map(n -> n.substring(prefix.length())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the preset plans in " + jar, e);
        }
    }

    private static Path location() {
        CodeSource source = PresetPlans.class.getProtectionDomain().getCodeSource();
        try {
            if (source == null || source.getLocation() == null) {
                throw new IllegalStateException("the lab's classes have no location to list the preset plans in");
            }
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the lab's classes are at " + source.getLocation() + ", not a path", e);
        }
    }
}
