package dev.loomlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.lab.plan.PlanDocument;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/** The plan's flags are declared from its fields: every field a flag, read back under the field's name. */
class PlanOptionsTest {
    @Test
    void everyPlanFieldButItsNameDescriptionPartsStructuredValuesAndRecordsIsAFlagOfRunSaturateAndDecide() {
        // overlap is what a run records (none: each cell alone), not a choice
        List<String> fields = PlanDocument.FIELDS.stream()
                .filter(f -> !List.of("name", "description", "parts", "requests", "appEnv", "overlap").contains(f)).toList();
        for (String verb : List.of("run", "saturate", "decide")) {
            CommandLine command = Loomlab.commandLine().getSubcommands().get(verb);
            assertThat(fields).as(verb).allSatisfy(f -> assertThat(command.getCommandSpec().findOption(PlanOptions.flag(f))).as(f).isNotNull());
        }
        assertThat(PlanOptions.flag("sleepMs")).isEqualTo("--sleep-ms");
        assertThat(PlanOptions.flag("database")).isEqualTo("--db");
    }

    @Test
    void theFlagsGivenComeBackByPlanFieldListsSplitAtCommas() {
        CommandLine cli = Loomlab.commandLine();
        cli.parseArgs("run", "--models", "mvc-virtual,webflux", "--sleep-ms", "200", "--db-password", "secret");
        RunCommand command = cli.getSubcommands().get("run").getCommand();

        assertThat(command.options.overrides()).containsExactly(
                java.util.Map.entry("models", List.of("mvc-virtual", "webflux")),
                java.util.Map.entry("sleepMs", "200"),
                java.util.Map.entry("dbPassword", "secret"));
    }

    @Test
    void aPasswordFileGivesItsFirstLineAndKeepsTheSecretOffTheCommandLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("pw");
        java.nio.file.Files.writeString(file, "s3cr3t\nnot this\n");
        CommandLine cli = Loomlab.commandLine();
        java.io.StringWriter err = new java.io.StringWriter();
        cli.getSubcommands().get("run").setErr(new java.io.PrintWriter(err, true));
        cli.parseArgs("run", "--db-password-file", file.toString());
        RunCommand command = cli.getSubcommands().get("run").getCommand();

        assertThat(command.options.overrides()).containsEntry("dbPassword", "s3cr3t");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aPasswordOnTheCommandLineIsTakenWithAWarning() {
        CommandLine cli = Loomlab.commandLine();
        java.io.StringWriter err = new java.io.StringWriter();
        cli.getSubcommands().get("run").setErr(new java.io.PrintWriter(err, true));
        cli.parseArgs("run", "--db-password", "s3cr3t");
        RunCommand command = cli.getSubcommands().get("run").getCommand();

        assertThat(command.options.overrides()).containsEntry("dbPassword", "s3cr3t");
        assertThat(err.toString()).contains("every local user can read it (ps)").contains("--db-password-file").doesNotContain("s3cr3t");
    }

    @Test
    void anUnreadablePasswordFileIsRefusedWithOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        CommandLine cli = Loomlab.commandLine();
        cli.parseArgs("run", "--db-password-file", dir.resolve("missing").toString());
        RunCommand command = cli.getSubcommands().get("run").getCommand();

        org.assertj.core.api.Assertions.assertThatThrownBy(command.options::overrides)
                .isInstanceOf(dev.loomlab.lab.settings.PlanException.class)
                .hasMessageStartingWith("--db-password-file " + dir.resolve("missing") + ": cannot read the database password");
    }

    @Test
    void serveTakesTheDatabasePoolAndHeapFlagsOfThePlanAndK8sManifestItsLoadFlags() {
        CommandLine verbs = Loomlab.commandLine();
        assertThat(verbs.getSubcommands().get("serve").getCommandSpec().options()).extracting(OptionSpec::longestName)
                .contains("--db", "--db-url", "--db-user", "--db-password", "--pool-size", "--heap")
                .doesNotContain("--vus", "--models");
        assertThat(verbs.getSubcommands().get("k8s-manifest").getCommandSpec().options()).extracting(OptionSpec::longestName)
                .contains("--vus", "--rate", "--sleep-ms", "--warmup", "--duration", "--request-timeout")
                .doesNotContain("--db", "--models", "--engine");
    }
}
