package dev.loomlab.lab.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A run's folder: {@code manifest.json}, {@code cells/<model>/<scenario>-r<round>.json} and
 * {@code .hlog}, {@code logs/}, {@code summary.md}. Every write is atomic ({@link AtomicWrite}),
 * so a crash never leaves a half-written result.
 */
public final class RunFolder {
    public static final String MANIFEST = "manifest.json";
    public static final String SUMMARY = "summary.md";

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private final Path root;

    public RunFolder(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path cellDir(String model) {
        return root.resolve("cells").resolve(model);
    }

    public Path cellJson(String model, String scenario, int round) {
        return cellDir(model).resolve(CellResult.stem(scenario, round) + ".json");
    }

    public Path logs() {
        return root.resolve("logs");
    }

    public void create() {
        try {
            Files.createDirectories(root.resolve("cells"));
            Files.createDirectories(logs());
            ownerOnly(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run folder " + root, e);
        }
    }

    /**
     * A run folder holds the database it ran against (URL, user) and the command that started it:
     * its owner's alone, whatever the files inside say ({@code chmod -R go+rX} shares it).
     */
    private static void ownerOnly(Path dir) throws IOException {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException notPosix) {
            // Not a POSIX file system: its own access rules apply.
        }
    }

    public void writeManifest(Manifest manifest) {
        AtomicWrite.write(root.resolve(MANIFEST), JSON.writeValueAsString(manifest) + "\n");
    }

    public Manifest readManifest() {
        Path file = root.resolve(MANIFEST);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(root + " is not a run folder: it has no " + MANIFEST);
        }
        return JSON.treeToValue(Manifest.upgrade(JSON.readTree(file.toFile())), Manifest.class);
    }

    public void writeCell(CellResult cell) {
        AtomicWrite.write(cellJson(cell.label(), cell.scenario(), cell.round()), JSON.writeValueAsString(cell) + "\n");
    }

    /** Every cell in the folder, in the manifest's run order (then any others by path). */
    public List<CellResult> readCells() {
        Path cells = root.resolve("cells");
        if (!Files.isDirectory(cells)) {
            return List.of();
        }
        List<String> order = readManifest().cells();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(cells)) {
            // Beside each cell lie the engine's raw files (<stem>.driver.json, .hlog): only cells are read.
            walk.filter(p -> p.toString().endsWith(".json") && !p.toString().endsWith(".driver.json")).forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        files.sort(Comparator.<Path>comparingInt(p -> {
            String stem = cells.relativize(p).toString().replace(".json", "");
            int i = order == null ? -1 : order.indexOf(stem);
            return i < 0 ? Integer.MAX_VALUE : i;
        }).thenComparing(Path::toString));
        return files.stream().map(RunFolder::readCell).toList();
    }

    /** One cell file, of this schema or an older one (read as this one). */
    public static CellResult readCell(Path file) {
        try {
            return cell(JSON.readTree(file.toFile()));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot read cell " + file + ": " + e.getMessage(), e);
        }
    }

    /** A cell from its JSON tree, upgraded first when it is of an older schema. */
    public static CellResult cell(JsonNode tree) {
        if (tree instanceof ObjectNode node && SchemaOneCell.applies(node)) {
            tree = SchemaOneCell.upgrade(node.deepCopy());
        }
        return JSON.treeToValue(tree, CellResult.class);
    }

    public void writeSummary(String markdown) {
        AtomicWrite.write(root.resolve(SUMMARY), markdown);
    }

    public static JsonMapper json() {
        return JSON;
    }
}
