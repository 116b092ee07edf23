package dev.loomlab.lab.cell;

import dev.loomlab.lab.load.LoadProgress;
import dev.loomlab.lab.metrics.WindowClock;

/**
 * A crosscheck engine's window for its {@link WindowClock}: opened at the engine's first "measure" report, as a run's
 * cell opens it, and closed when the load returns; the engine's process is read beside the server's. The live progress
 * follows every report.
 */
final class EngineWindow implements LoadProgress.Listener {
    private final WindowClock clock;
    private final LoadProgress.Listener live;

    EngineWindow(WindowClock clock, LoadProgress.Listener live) {
        this.clock = clock;
        this.live = live;
    }

    @Override
    public void onProgress(LoadProgress p) {
        // open acts once: later reports of the window leave its opening where it was
        if (p.phase().equals("measure")) {
            clock.open();
        }
        live.onProgress(p);
    }

    @Override
    public void engineStarted(long pid) {
        clock.driverPid(pid);
    }
}
