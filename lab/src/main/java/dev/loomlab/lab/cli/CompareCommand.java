package dev.loomlab.lab.cli;

import dev.loomlab.lab.report.Comparison;
import dev.loomlab.lab.settings.PlanException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab compare <runA> <runB>}: the two runs' cells side by side, as Markdown on stdout,
 * each difference of TPS, p50 and p99 tested at a 5 % false-alarm rate ({@link Comparison}). Exit 0, or 2 with one line
 * when either folder is not a readable run folder.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two run folders cell by cell (TPS, p50, p99, %% of ceiling) over their rounds: each figure "
                + "different, equivalent within a margin, or inconclusive (with the rounds that would decide it); prints Markdown")
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The baseline run folder (it holds manifest.json).")
    Path runA;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The run folder compared with it.")
    Path runB;

    @Option(names = "--tps-margin", paramLabel = "PERCENT", description = "TPS differences inside this share of A's are equivalent; default 2%%")
    String tpsMargin = "2%";

    @Option(names = "--latency-margin", paramLabel = "PERCENT", description = "p50 and p99 differences inside this share of A's are equivalent; default 5%%")
    String latencyMargin = "5%";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // a bad margin or folder is a PlanException: Loomlab's handler prints its one line and exits 2
        Comparison.Margins margins = new Comparison.Margins(share("--tps-margin", tpsMargin), share("--latency-margin", latencyMargin));
        RunFolders.Read a = RunFolders.read(runA);
        RunFolders.Read b = RunFolders.read(runB);
        PrintWriter out = spec.commandLine().getOut();
        out.print(Comparison.markdown(runA.toString(), runA, a.manifest(), a.cells(), runB.toString(), runB, b.manifest(), b.cells(), margins));
        out.flush();
        return 0;
    }

    /** {@code 2%} or {@code 2}: a share of 0.02, more than 0 and less than 100 %; anything else a {@link PlanException}. */
    static double share(String flag, String text) {
        String number = text.strip().endsWith("%") ? text.strip().substring(0, text.strip().length() - 1).strip() : text.strip();
        double percent;
        try {
            percent = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new PlanException(flag + ": expected a percentage such as 2%, got '" + text + "'");
        }
        if (!(percent > 0 && percent < 100)) {
            throw new PlanException(flag + ": expected a percentage above 0 and below 100, got '" + text + "'");
        }
        return percent / 100;
    }
}
