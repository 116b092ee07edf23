package dev.loomlab.lab.os;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A short command (ip, git, a version query) run to its end within a bound. Its output goes to a file, not a pipe
 * read to its end first: a command that hangs while holding its pipe open would keep such a read — and the lab —
 * waiting for ever, and the bound would never apply.
 */
public final class ShortCommand {
    private ShortCommand() {
    }

    /** How it ended: its exit code and its output (stdout, with stderr when merged). */
    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** Thrown when the command did not finish within its bound (it has been killed) or could not start. */
    public static final class Failed extends Exception {
        public Failed(String message) {
            super(message);
        }
    }

    /** Runs {@code command}, stderr merged into stdout unless {@code discardStderr}; killed after {@code timeout}. */
    public static Result run(List<String> command, Duration timeout, boolean discardStderr) throws Failed {
        Path out = null;
        try {
            out = Files.createTempFile("loomlab-command-", ".out");
            ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile());
            if (discardStderr) {
                builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            } else {
                builder.redirectErrorStream(true);
            }
            Process p = builder.start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
                throw new Failed(String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s (killed)");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failed("cannot run " + command.getFirst() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("interrupted while running " + command.getFirst());
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException e) {
                    // a temp file: at worst it stays
                }
            }
        }
    }

    /** Whether {@code command} ran and exited 0 within {@code timeout}: for a command whose output does not matter. */
    public static boolean succeeds(List<String> command, Duration timeout) {
        try {
            return run(command, timeout, false).ok();
        } catch (Failed e) {
            return false;
        }
    }
}
