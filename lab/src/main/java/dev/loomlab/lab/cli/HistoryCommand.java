package dev.loomlab.lab.cli;

import dev.loomlab.lab.history.ChangeGate;
import dev.loomlab.lab.history.History;
import dev.loomlab.lab.history.HistoryMarkdown;
import dev.loomlab.lab.history.HistoryPage;
import dev.loomlab.lab.history.HistoryRun;
import dev.loomlab.lab.history.RunGroups;
import dev.loomlab.lab.os.AtomicWrite;
import dev.loomlab.lab.settings.PlanException;
import dev.loomlab.lab.slo.JunitReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab history RUN_FOLDER...}: runs over time, grouped by what they measured, each cell's figures as a series
 * with its change points (E-divisive means per cell, 5 % false alarms over all the cells of a group); Markdown on stdout, {@code --html} an
 * offline page. Exit 0; 99 with {@code --fail-on-change} when a series' latest run regressed beyond the margin (JUnit
 * XML beside); 2 with one line for a folder that is not a readable run folder, or fewer than two runs.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "Runs over time: per plan and machine, each cell's TPS, p50, p99, CPU per request, RSS and %% of ceiling "
                + "as a series, with its change points (E-divisive means) and the run and commit after each; prints Markdown")
public final class HistoryCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN_FOLDER", description = "Run folders, or folders holding run folders.")
    List<Path> folders;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write the history as an offline page to FILE.")
    Path html;

    @Option(names = "--fail-on-change", description = "Exit 99 when a series' latest run regressed beyond --margin (TPS or %% of "
            + "ceiling down; p50, p99, CPU per request or RSS up), beyond its level's noise; writes a JUnit XML report.")
    boolean failOnChange;

    @Option(names = "--margin", paramLabel = "PERCENT", description = "The least regression --fail-on-change fails on; default 5%%")
    String margin = "5%";

    @Option(names = "--junit", paramLabel = "FILE", description = "Where --fail-on-change writes its JUnit XML; default " + ChangeGate.FILE)
    Path junit = Path.of(ChangeGate.FILE);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        double share = CompareCommand.share("--margin", margin);
        List<History> histories = RunGroups.of(runs()).stream().map(g -> History.of(g)).toList();
        out.print(HistoryMarkdown.render(histories));
        if (html != null) {
            AtomicWrite.write(html, HistoryPage.render(histories));
            out.println("Page: " + html);
        }
        if (!failOnChange) {
            out.flush();
            return 0;
        }
        ChangeGate gate = ChangeGate.of(histories, share);
        JunitReport.write(junit, "history", gate.cases());
        out.println();
        out.println("## Latest run: " + gate.line() + " (JUnit report: " + junit + ")");
        gate.regressions().forEach(r -> out.println("- " + r.series().cell() + ": " + r.text()));
        out.flush();
        return gate.passed() ? 0 : Loomlab.SLO_FAILED;
    }

    /** Every run named, each once; fewer than two is no history. */
    private List<HistoryRun> runs() {
        Set<Path> paths = new LinkedHashSet<>();
        folders.forEach(f -> paths.addAll(RunFolders.expand(f)));
        if (paths.size() < 2) {
            throw new PlanException("history needs at least 2 runs, got " + paths.size() + " (" + paths.iterator().next() + ")");
        }
        return paths.stream().map(RunFolders::read).map(r -> new HistoryRun(r.folder(), r.manifest(), r.cells())).toList();
    }
}
