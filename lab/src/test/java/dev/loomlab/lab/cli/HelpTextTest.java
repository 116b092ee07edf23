package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every verb's help formats cleanly: a bare % in a description makes picocli warn and print the text unformatted. */
class HelpTextTest {

    @Test
    void everyVerbsHelpFormatsWithoutAWarning() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        StringBuilder help = new StringBuilder();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            CommandLine root = Loomlab.commandLine();
            help.append(root.getUsageMessage());
            root.getSubcommands().values().forEach(verb -> help.append(verb.getUsageMessage()));
        } finally {
            System.setErr(err);
        }

        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
        assertThat(help).contains("(TPS, p50, p99, % of ceiling) over their", "are equivalent; default 5%");
    }
}
