package dev.loomlab.lab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run names the version of the user's service its jar declares. */
class AppVersionTest {
    @TempDir
    Path dir;

    @Test
    void aBootJarWithItsVersionAndGitPropertiesIsNamedByBoth() throws IOException {
        Path jar = jar("shop.jar", "1.4.2", Map.of("BOOT-INF/classes/git.properties",
                "git.commit.id=3f2a9c1e0b7d\ngit.commit.id.abbrev=3f2a9c1\ngit.dirty=false\n"));

        assertThat(AppVersion.of(jar)).hasValue("1.4.2, commit 3f2a9c1");
    }

    @Test
    void aCommitBuiltWithUncommittedChangesSaysSo() throws IOException {
        Path jar = jar("shop.jar", null, Map.of("git.properties", "git.commit.id=3f2a9c1e0b7d\ngit.dirty=true\n"));

        assertThat(AppVersion.of(jar)).hasValue("commit 3f2a9c1e0b7d (uncommitted changes)");
    }

    @Test
    void aJarThatSaysNeitherOrIsNoJarHasNoVersion() throws IOException {
        assertThat(AppVersion.of(jar("plain.jar", null, Map.of()))).isEmpty();
        Path notAJar = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertThat(AppVersion.of(notAJar)).isEmpty();
    }

    private Path jar(String name, String version, Map<String, String> entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (version != null) {
            manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
        }
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                j.putNextEntry(new JarEntry(e.getKey()));
                j.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                j.closeEntry();
            }
        }
        return jar;
    }
}
