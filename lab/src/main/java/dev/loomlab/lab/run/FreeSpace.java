package dev.loomlab.lab.run;

import dev.loomlab.lab.plan.Plan;
import dev.loomlab.lab.settings.PlanException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Refuses, before anything starts, a run whose results would not fit on the output folder's file
 * system: a disk that fills mid-run loses the cell being written and leaves a run that cannot be
 * resumed until room is made.
 *
 * <p>The estimate is the server's flight recording, which dominates a cell's files. Measured here
 * (JFR's default settings): 2.2–5.5 MB per cell for windows of 7–50 s, mostly a fixed cost
 * (metadata, class loading) plus a few tens of KB per second. The estimate takes twice the fixed
 * cost and several times the rate, so that a server busier than those still fits.
 */
public final class FreeSpace {
    /** Per cell: the recording's fixed part, the cell's JSON, latency log, time series and logs. */
    static final long PER_CELL_BYTES = 8L << 20;
    /** Per second of a cell's warm-up and window. */
    static final long PER_SECOND_BYTES = 128L << 10;
    /** Per run: the manifest, the summaries and report.html (~250 KB with its charts). */
    static final long PER_RUN_BYTES = 4L << 20;

    private FreeSpace() {
    }

    /** What the plans' cells and reports are expected to write, in bytes. */
    public static long needed(List<Plan> plans) {
        long bytes = PER_RUN_BYTES;
        for (Plan plan : plans) {
            long perCell = PER_CELL_BYTES + plan.window().total().toSeconds() * PER_SECOND_BYTES;
            bytes += plan.cellCount() * perCell;
        }
        return bytes;
    }

    /** Throws (exit 2, one line) when the file system of {@code out} has less usable room than {@link #needed}. */
    public static void check(List<Plan> plans, Path out) {
        long needed = needed(plans);
        long usable;
        try {
            usable = store(out).getUsableSpace();
        } catch (IOException e) {
            return; // Cannot tell: the write probe of the preflight has already said whether out is usable.
        }
        if (usable < needed) {
            throw new PlanException("not enough room for the results in " + out.toAbsolutePath() + ": the run needs about "
                    + mib(needed) + " (" + plans.stream().mapToInt(Plan::cellCount).sum() + " cells, each with a flight recording), "
                    + "its file system has " + mib(usable) + " free: free some or choose another folder with --out");
        }
    }

    // The folder may not exist yet: its nearest existing parent is on the same file system.
    private static FileStore store(Path out) throws IOException {
        Path p = out.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IOException("no existing parent of " + out);
        }
        return Files.getFileStore(p);
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,d MiB", (bytes + (1L << 20) - 1) >> 20);
    }
}
