package dev.loomlab.lab.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * What version of the user's service a run measured, as its jar says it: the build's version from the manifest
 * ({@code Implementation-Version}) and the commit from {@code git.properties}, which Spring Boot's build plugins
 * (git-commit-id, gradle-git-properties) put on the classpath — in a Boot jar under {@code BOOT-INF/classes}. A series of
 * runs ({@code loomlab history}) names each run by it.
 */
public final class AppVersion {
    private static final List<String> GIT_PROPERTIES = List.of("BOOT-INF/classes/git.properties", "git.properties");

    private AppVersion() {
    }

    /** {@code 1.4.2, commit 3f2a9c1}, {@code commit 3f2a9c1} or {@code 1.4.2}; empty when the jar says neither or cannot be read. */
    public static Optional<String> of(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            List<String> parts = new ArrayList<>();
            Manifest manifest = file.getManifest();
            String version = manifest == null ? null : manifest.getMainAttributes().getValue("Implementation-Version");
            if (version != null && !version.isBlank()) {
                parts.add(version.strip());
            }
            commit(file).ifPresent(c -> parts.add("commit " + c));
            return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", parts));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> commit(JarFile file) throws IOException {
        for (String name : GIT_PROPERTIES) {
            JarEntry entry = file.getJarEntry(name);
            if (entry == null) {
                continue;
            }
            Properties git = new Properties();
            try (InputStream in = file.getInputStream(entry)) {
                git.load(in);
            }
            String commit = git.getProperty("git.commit.id.abbrev", git.getProperty("git.commit.id"));
            if (commit != null && !commit.isBlank()) {
                String dirty = "true".equals(git.getProperty("git.dirty")) ? " (uncommitted changes)" : "";
                return Optional.of(commit.strip() + dirty);
            }
        }
        return Optional.empty();
    }
}
