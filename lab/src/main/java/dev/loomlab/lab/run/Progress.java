package dev.loomlab.lab.run;

import dev.loomlab.lab.cell.CellProgress;
import dev.loomlab.lab.cell.Overhead;
import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.result.StageTimes;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress on long work: cell i of n, phase, elapsed, ETA and live TPS. Plain lines (no
 * cursor tricks) so CI logs and terminals read the same; at most one line every few seconds.
 */
public final class Progress implements CellProgress {
    private static final long EVERY_NANOS = Duration.ofSeconds(5).toNanos();

    private final PrintStream out;
    private final int cells;
    private final LongSupplier nanoClock;
    private final long runStart;
    private final Duration firstCellEstimate;
    // written by the run's thread, read by the load driver's progress callbacks too
    private volatile int done;
    /** When the last cell ended (the run's start before any has). */
    private volatile long lastDone;
    private volatile long lastLine;
    /** The running cell, as its lines name it; a cell ending beside the next names itself. */
    private volatile String cell = "";
    private final List<StageTimes> timed = new ArrayList<>();

    public Progress(PrintStream out, int cells, Duration firstCellEstimate) {
        this(out, cells, firstCellEstimate, System::nanoTime);
    }

    Progress(PrintStream out, int cells, Duration firstCellEstimate, LongSupplier nanoClock) {
        this.out = out;
        this.cells = cells;
        this.firstCellEstimate = firstCellEstimate;
        this.nanoClock = nanoClock;
        this.runStart = nanoClock.getAsLong();
        this.lastDone = runStart;
    }

    public void cellStarts(int index, String name) {
        cell = String.format(Locale.ROOT, "[%d/%d] %s", index, cells, name);
        line("starting server");
    }

    @Override
    public void phase(String phase) {
        line(phase);
    }

    @Override
    public LoadProgress.Listener loadListener(Duration warmup, Duration duration) {
        return p -> {
            long now = nanoClock.getAsLong();
            if (now - lastLine < EVERY_NANOS && !p.phase().equals("done")) {
                return;
            }
            double total = (warmup.toMillis() + duration.toMillis()) / 1000.0;
            line(String.format(Locale.ROOT, "%s %.0f/%.0f s, %.0f TPS live, %d errors",
                    p.phase(), p.elapsedS(), total, p.tps(), p.errors()));
        };
    }

    /** The running cell's name as its lines give it: the name its end, which may come during the next cell, is told by. */
    public String current() {
        return cell;
    }

    public void cellDone(String outcome) {
        cellDone(outcome, StageTimes.NONE);
    }

    /** The running cell's end: its outcome and what it cost beyond its warm-up and window. */
    public void cellDone(String outcome, StageTimes stages) {
        cellDone(cell, outcome, stages);
    }

    /** The end of the cell named {@code name} (see {@link #current()}), which may come while the next one runs. */
    public synchronized void cellDone(String name, String outcome, StageTimes stages) {
        done++;
        lastDone = nanoClock.getAsLong();
        if (stages.recorded()) {
            timed.add(stages);
            line(name, String.format(Locale.ROOT, "%s (overhead %.1f s)", outcome, stages.overhead().toMillis() / 1000.0));
        } else {
            line(name, outcome);
        }
    }

    /** The run's overhead so far, over the cells timed here. */
    public synchronized Overhead overhead() {
        return Overhead.of(timed);
    }

    private void line(String what) {
        line(cell, what);
    }

    private synchronized void line(String name, String what) {
        lastLine = nanoClock.getAsLong();
        out.println(name + " · " + what + " · " + elapsed() + eta());
        out.flush();
    }

    private String elapsed() {
        return "elapsed " + human(Duration.ofNanos(nanoClock.getAsLong() - runStart));
    }

    /**
     * The cells left at the time the finished ones took each, less what the running one has had. The time per cell is
     * taken at the last cell's end: counting the running cell's part in it too would raise the estimate for as long as
     * that cell runs (a 15-cell run read 15 min at its start and 29 min in its second cell). A cell running past the
     * estimate leaves the cells after it.
     */
    private String eta() {
        int left = cells - done;
        if (left <= 0) {
            return "";
        }
        long perCell = done == 0 ? firstCellEstimate.toNanos() : (lastDone - runStart) / done;
        long inThisCell = nanoClock.getAsLong() - lastDone;
        return ", ETA ~" + human(Duration.ofNanos(Math.max(perCell * (left - 1), perCell * left - inThisCell)));
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60)
                : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
    }
}
