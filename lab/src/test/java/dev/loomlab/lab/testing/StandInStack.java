package dev.loomlab.lab.testing;

import dev.loomlab.lab.catalog.ServerCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A stack added by its descriptor alone (src/test/resources/stand-in): the mvc module's jar as the server
 * {@value #SERVER}, with the models {@value #PLATFORM} and {@value #VIRTUAL}. Adding it is what a new stack's module
 * does for the lab, minus the module.
 */
public final class StandInStack {
    public static final String SERVER = "stand-in";
    public static final String PLATFORM = "stand-in-platform";
    public static final String VIRTUAL = "stand-in-virtual";

    private StandInStack() {
    }

    /** The catalogue from now on: the checkout's stacks and the stand-in. */
    public static void add() {
        try {
            Path folder = Path.of(Objects.requireNonNull(StandInStack.class.getResource("/" + SERVER)).toURI());
            System.setProperty(ServerCatalog.EXTRA, folder.toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        ServerCatalog.reload();
    }

    /** The checkout's stacks only, as every other test expects. */
    public static void remove() {
        System.clearProperty(ServerCatalog.EXTRA);
        ServerCatalog.reload();
    }

    /** {@code text} with mvc's two models named as the stand-in's. */
    public static String renamed(String text) {
        return text.replace("mvc-platform", PLATFORM).replace("mvc-virtual", VIRTUAL);
    }

    /**
     * A copy of the run folder {@code run} in {@code into}, as if its mvc cells had been measured on the stand-in: the
     * cells' folders and the model ids in the manifest and the cell files renamed, every figure as it was.
     */
    public static Path runOnTheStandIn(Path run, Path into) {
        try (Stream<Path> files = Files.walk(run)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = into.resolve(renamed(run.relativize(file).toString()));
                Files.createDirectories(copy.getParent());
                if (file.getFileName().toString().endsWith(".json")) {
                    Files.writeString(copy, renamed(Files.readString(file)));
                } else {
                    Files.copy(file, copy);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return into;
    }
}
