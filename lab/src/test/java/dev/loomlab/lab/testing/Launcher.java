package dev.loomlab.lab.testing;

import dev.loomlab.lab.catalog.LabHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real {@code ./loomlab} launcher of this checkout, run as a user runs it, its console (stdout and stderr) in a
 * file. The launcher execs the lab's JVM: the process it returns is the lab itself.
 */
public final class Launcher {
    private Launcher() {
    }

    /** Starts {@code wrapper + ./loomlab + args}, the console in {@code console}. */
    public static Process start(Path console, List<String> wrapper, String... args) throws IOException {
        List<String> command = new ArrayList<>(wrapper);
        command.add(LabHome.root().resolve("loomlab").toString());
        command.addAll(List.of(args));
        Files.createDirectories(console.toAbsolutePath().getParent());
        return new ProcessBuilder(command).directory(LabHome.root().toFile())
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
    }
}
