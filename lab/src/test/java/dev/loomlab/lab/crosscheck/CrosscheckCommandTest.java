package dev.loomlab.lab.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.cli.CrosscheckCommand;
import dev.loomlab.lab.cli.Loomlab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Bad input stops the crosscheck before a database or server starts: exit 2, one line. */
class CrosscheckCommandTest {

    private static int run(StringWriter err, String... args) {
        CommandLine cli = Loomlab.commandLine();
        if (!cli.getSubcommands().containsKey("crosscheck")) {
            cli.addSubcommand("crosscheck", new CrosscheckCommand());
        }
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void anUnknownEngineIsBadInput(@TempDir Path out) {
        StringWriter err = new StringWriter();
        assertThat(run(err, "crosscheck", "--engines", "hyperfoil,jmeter", "--out", out.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("unknown engine 'jmeter' (engines: hyperfoil, k6, wrk)");
    }

    @Test
    void oneEngineIsNotACrosscheck(@TempDir Path out) {
        StringWriter err = new StringWriter();
        assertThat(run(err, "crosscheck", "--engines", "k6", "--out", out.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("a crosscheck needs two engines or more, 1 available of k6");
    }

    @Test
    void anUnknownModelListsTheModels(@TempDir Path out) {
        StringWriter err = new StringWriter();
        assertThat(run(err, "crosscheck", "--model", "mvc-loom", "--out", out.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("mvc-loom").contains("mvc-virtual");
    }
}
