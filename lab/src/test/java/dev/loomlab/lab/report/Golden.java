package dev.loomlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.result.CellResult;
import dev.loomlab.lab.result.Manifest;
import dev.loomlab.lab.result.RunFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Golden files, as JMH's {@code ResultFormatTest} does: the expected output is a file under
 * {@code src/test/resources/golden/}, read by people in review. Run with
 * {@code -Dloomlab.updateGolden=true} to rewrite them after an intended change — then read the diff.
 */
public final class Golden {
    public static final String UPDATE = "loomlab.updateGolden";

    private Golden() {
    }

    /** The lab module's test resources, from the module (Maven) or the repository root (IDE). */
    public static Path resources() {
        for (Path candidate : new Path[] {Path.of("src/test/resources"), Path.of("lab/src/test/resources")}) {
            if (Files.isDirectory(candidate.resolve("golden")) || Files.isDirectory(candidate.resolve("runs"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("cannot find lab/src/test/resources from " + Path.of("").toAbsolutePath());
    }

    /** The hand-written run folder every report test reads. */
    public static Path fixtureRun() {
        return resources().resolve("runs/fixture");
    }

    /** A copy of {@link #fixtureRun()} at {@code to} (its parents made), for a test that writes into a run folder or changes it. */
    public static Path copyOfFixtureRun(Path to) throws IOException {
        return copyOf(fixtureRun(), to);
    }

    /** A copy of the run folder {@code from} at {@code to} (its parents made). */
    public static Path copyOf(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    /** The fixture run as the report tests read it: its folder, its manifest and its cells. */
    public record FixtureRun(RunFolder folder, Manifest manifest, List<CellResult> cells) {
        public Path root() {
            return folder.root();
        }

        /** What the HTML report draws of these cells. */
        public Map<String, Object> reportData() {
            return ReportData.build(root(), manifest, cells);
        }
    }

    /** Reads the fixture run afresh: every test gets its own copy of the cells. */
    /** The fixture run's mvc-virtual block cell with {@code changed} fields set as its JSON spells them. */
    public static dev.loomlab.lab.result.CellResult mvcVirtualBlockWith(java.util.Map<String, Object> changed) {
        dev.loomlab.lab.result.CellResult cell = fixture().cells().stream()
                .filter(c -> "mvc-virtual".equals(c.label()) && "block".equals(c.scenario())).findFirst().orElseThrow();
        java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
        dev.loomlab.lab.result.RunFolder.json().convertValue(cell, java.util.Map.class).forEach((k, v) -> fields.put(String.valueOf(k), v));
        fields.putAll(changed);
        return dev.loomlab.lab.result.RunFolder.json().convertValue(fields, dev.loomlab.lab.result.CellResult.class);
    }

    public static FixtureRun fixture() {
        RunFolder folder = new RunFolder(fixtureRun());
        return new FixtureRun(folder, folder.readManifest(), folder.readCells());
    }

    public static String read(String name) {
        try {
            return Files.readString(resources().resolve("golden").resolve(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("missing golden file " + name + " (run once with -D" + UPDATE + "=true, then read it)", e);
        }
    }

    public static void assertMatches(String actual, String name) {
        if (Boolean.getBoolean(UPDATE)) {
            try {
                Path file = resources().resolve("golden").resolve(name);
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new AssertionError("cannot update golden file " + name, e);
            }
        }
        assertThat(actual).as("output vs golden file %s (rerun with -D%s=true after an intended change)", name, UPDATE)
                .isEqualTo(read(name));
    }
}
