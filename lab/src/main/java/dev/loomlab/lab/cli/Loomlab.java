package dev.loomlab.lab.cli;

import dev.loomlab.lab.settings.PlanException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The lab's command line: one small class per verb. Exit codes: 0 done, 1 something failed
 * while running, 2 bad input or a failed pre-flight check (one line on stderr says which).
 */
@Command(name = "loomlab",
        mixinStandardHelpOptions = true,
        version = "loomlab 0.1.0",
        description = "Platform threads, virtual threads or WebFlux? The same API on each model, real database, real load, one report.",
        subcommands = {RunCommand.class, SaturateCommand.class, DecideCommand.class, ServeCommand.class, VerifyCommand.class, ReportCommand.class, PlansCommand.class,
                CrosscheckCommand.class, CompareCommand.class, HistoryCommand.class, K8sManifestCommand.class, CommandLine.HelpCommand.class})
public final class Loomlab {
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;
    /** An SLO threshold was not met: k6's exit code for it, which CI jobs already tell apart from a broken run. */
    public static final int SLO_FAILED = 99;

    /** A finished run's exit: 99 when a threshold failed, 1 when a cell failed, else 0; the SLO verdict said. */
    static int exit(dev.loomlab.lab.plan.Plan plan, java.util.List<dev.loomlab.lab.result.CellResult> cells, java.nio.file.Path folder) {
        dev.loomlab.lab.slo.SloVerdict slo = dev.loomlab.lab.slo.SloVerdict.of(plan.slos(), cells);
        if (slo.any()) {
            System.out.println("loomlab: " + slo.line() + " (JUnit report: " + folder.resolve(dev.loomlab.lab.slo.JunitReport.FILE) + ")");
            if (!slo.passed()) {
                return SLO_FAILED;
            }
        }
        return cells.stream().allMatch(dev.loomlab.lab.result.CellResult::succeeded) ? 0 : FAILED;
    }

    public static void main(String[] args) {
        quietLibraries();
        System.exit(commandLine().execute(args));
    }

    /** The lab speaks in its own lines; libraries only when something is wrong. */
    static void quietLibraries() {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("java.util.logging.SimpleFormatter.format", "loomlab: %5$s%6$s%n");
    }

    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Loomlab());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof PlanException || e instanceof dev.loomlab.load.InvalidLoadException) {
                commandLine.getErr().println("loomlab: " + e.getMessage());
                return BAD_INPUT;
            }
            commandLine.getErr().println("loomlab: " + e);
            return FAILED;
        });
        cli.setParameterExceptionHandler((e, args) -> {
            CommandLine c = e.getCommandLine();
            c.getErr().println("loomlab: " + e.getMessage().lines().findFirst().orElse(""));
            c.getErr().println("(see: loomlab " + c.getCommandName() + " --help)");
            return BAD_INPUT;
        });
        return cli;
    }
}
