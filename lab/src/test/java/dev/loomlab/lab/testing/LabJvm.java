package dev.loomlab.lab.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real lab JVM started under a wrapper ({@code unshare -U}, a lower {@code ulimit}), for refusals
 * that only a process of its own can show; it must exit within a minute.
 */
public final class LabJvm {
    private LabJvm() {
    }

    /** How the lab ended: its pid, exit status and the lines it wrote to stderr. */
    public record Exit(long pid, int status, List<String> stderr) {
    }

    /** Runs {@code wrapper + java -cp <this class path> Loomlab + args} with its output in {@code dir}. */
    public static Exit run(Path dir, List<String> wrapper, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Loomlab.class.getName()));
        command.addAll(List.of(args));
        Path err = dir.resolve("err.txt");
        Process lab = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        try {
            assertThat(lab.waitFor(60, TimeUnit.SECONDS)).as("the lab exits at once").isTrue();
        } finally {
            lab.destroyForcibly();
        }
        return new Exit(lab.pid(), lab.exitValue(), Files.readAllLines(err, StandardCharsets.UTF_8));
    }
}
