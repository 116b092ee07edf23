package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DecideCommandTest {
    @Test
    void theErrorShareIsAShareOrAPercentage() {
        assertThat(DecideCommand.share("0.001")).isEqualTo(0.001);
        assertThat(DecideCommand.share("0.1%")).isCloseTo(0.001, within(1e-12));
        assertThat(DecideCommand.share("0")).isZero();
    }

    @Test
    void itsDefaultsAreTheIssuesObjective() {
        picocli.CommandLine cli = Loomlab.commandLine();
        cli.parseArgs("decide");
        DecideCommand decide = cli.getSubcommands().get("decide").getCommand();

        assertThat(decide.p99).isEqualTo("1s");
        assertThat(DecideCommand.share(decide.errors)).isEqualTo(0.001);
    }
}
