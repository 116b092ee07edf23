package dev.loomlab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The presets are the plan files the lab ships, found in a classes folder and in a jar alike. */
class PresetPlansTest {
    @TempDir
    Path tmp;

    @Test
    void everyPlanFileShippedIsAPresetAndNothingElseIs() throws Exception {
        Path shipped = Path.of(Objects.requireNonNull(PlanLoader.class.getResource("/" + PresetPlans.FOLDER)).toURI());
        try (Stream<Path> files = Files.list(shipped)) {
            assertThat(PlanLoader.presets()).containsExactlyElementsOf(
                    files.map(p -> p.getFileName().toString().replace(".yaml", "")).sorted().toList());
        }
        assertThat(PlanLoader.presets()).contains("quick");
    }

    @Test
    void theLabsJarListsTheSamePresetsAsItsClassesFolder() throws Exception {
        Path classes = Path.of(PresetPlans.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = tmp.resolve("loomlab-lab.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.list(classes.resolve(PresetPlans.FOLDER))) {
            for (Path file : files.toList()) {
                add(out, PresetPlans.FOLDER + "/" + file.getFileName(), Files.readAllBytes(file));
            }
        }

        assertThat(PresetPlans.namesIn(jar)).isEqualTo(PresetPlans.namesIn(classes)).isEqualTo(PlanLoader.presets());
    }

    @Test
    void aJarsPresetsAreThePlanFilesDirectlyInItsPlansFolder() throws IOException {
        Path jar = tmp.resolve("lab.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(PresetPlans.FOLDER + "/"));
            add(out, "plans/zeta.yaml", "name: zeta\n".getBytes());
            add(out, "plans/alpha.yaml", "name: alpha\n".getBytes());
            add(out, "plans/README.md", "not a plan\n".getBytes());
            add(out, "plans/old/beta.yaml", "name: beta\n".getBytes());
            add(out, "golden/plans.yaml", "name: plans\n".getBytes());
        }

        assertThat(PresetPlans.namesIn(jar)).containsExactly("alpha", "zeta");
    }

    @Test
    void aFolderWithoutPlansHasNoPresets() {
        assertThat(PresetPlans.namesIn(tmp)).isEmpty();
    }

    private static void add(JarOutputStream jar, String name, byte[] content) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(content);
        jar.closeEntry();
    }
}
