package dev.loomlab.lab.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.Loomlab;
import dev.loomlab.lab.result.RunFolder;
import dev.loomlab.lab.testing.RunFolders;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** The lab's command line run inside the test's JVM, as a user would type it. */
public final class InProcessLab {
    private InProcessLab() {
    }

    /** What a command returned: its exit status and all it wrote to stderr. */
    public record Exit(int status, String stderr) {
    }

    /** Runs {@code args}, every command's stderr captured. */
    public static Exit execute(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = Loomlab.commandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.getSubcommands().values().forEach(c -> c.setErr(new PrintWriter(err, true)));
        return new Exit(cli.execute(args), err.toString());
    }

    /**
     * {@code loomlab run FLAGS --out OUT}, its lines on the console: the run folder it wrote, once
     * it exited 0 ({@code hint} says what another exit most likely means).
     */
    public static RunFolder run(String hint, Path out, String... flags) {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(List.of(flags));
        args.addAll(List.of("--out", out.toString()));
        assertThat(Loomlab.commandLine().execute(args.toArray(String[]::new))).as(hint).isZero();
        return new RunFolder(RunFolders.only(out));
    }

    /** {@link #run(String, Path, String...)} where any exit but 0 is simply a failure. */
    public static RunFolder run(Path out, String... flags) {
        return run("exit status of loomlab run", out, flags);
    }
}
