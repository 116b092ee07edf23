package dev.loomlab.lab.result;

import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's folder: {@code manifest.json}, {@code cells/<model>/<scenario>-r<round>.json} and
 * {@code .hlog}, {@code logs/}, {@code summary.md}. Every write is atomic ({@link AtomicWrite}),
 * so a crash never leaves a half-written result.
 */
public final class RunFolder {
    public static final String MANIFEST = "manifest.json";
    public static final String SUMMARY = "summary.md";
    /** Held by the run writing the folder (see {@link #lock()}). */
    public static final String LOCK = ".lock";

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

    /** The lock a run holds on its folder while it writes there; released by the kernel however the run ends. */
    public static final class Lock implements AutoCloseable {
        private final FileChannel channel;
        private final Path file;

        private Lock(FileChannel channel, Path file) {
            this.channel = channel;
            this.file = file;
        }

        /**
         * Lets go, leaving the file (emptied of the holder's pid) in place. Never deleted: a run that opened it just
         * before this one let go would lock the deleted file while a third created a new one and locked that — two
         * holders of one folder.
         */
        @Override
        public void close() {
            try {
                channel.truncate(0);
            } catch (IOException e) {
                // the pid stays: the next holder overwrites it
            }
            try {
                channel.close();
            } catch (IOException e) {
                // Closing releases the lock; a failure to close leaves it to the process's end.
            }
        }
    }

    /**
     * Takes the folder's lock ({@code .lock}, an OS file lock, so that a killed run never leaves a stale one): two
     * runs writing one folder at once (two {@code --resume} of it) would mix their cells. Another holder is a
     * {@link PlanException} (exit 2) naming its pid.
     */
    public Lock lock() {
        Path file = root.resolve(LOCK);
        try {
            Files.createDirectories(root);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock held;
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException sameJvm) {
                held = null;
            }
            if (held == null) {
                String holder = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip();
                channel.close();
                throw new PlanException(root + " is in use by another loomlab run" + (holder.isEmpty() ? "" : " (pid " + holder + ")")
                        + ": wait for it to end, or stop it, before resuming this folder");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            return new Lock(channel, file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock run folder " + root, e);
        }
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

    /** A cell from its JSON tree, upgraded step by step first when it is of an older schema (never changing the caller's tree). */
    public static CellResult cell(JsonNode tree) {
        if (tree instanceof ObjectNode node && SchemaOneCell.applies(node)) {
            tree = SchemaOneCell.upgrade(node.deepCopy());
        }
        if (tree instanceof ObjectNode node && LoadShapeCell.applies(node)) {
            tree = LoadShapeCell.upgrade(node.deepCopy());
        }
        if (tree instanceof ObjectNode node && BesideCell.applies(node)) {
            tree = BesideCell.upgrade(node.deepCopy());
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
