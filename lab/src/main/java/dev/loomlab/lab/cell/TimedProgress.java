package dev.loomlab.lab.cell;

import dev.loomlab.lab.cell.StageTimes.Stage;
import dev.loomlab.lab.load.LoadProgress;
import java.time.Duration;

/**
 * A cell's progress, passed on to the person watching, that also moves the cell's stage clock
 * with the load's phases: the engine's first warm-up report ends the driver's start, its first
 * window report the warm-up, its first report past the window the window. The boundaries are the
 * same reports the measured window is cut by, so the stage times agree with the window measured.
 */
record TimedProgress(CellProgress shown, StageClock clock) implements CellProgress {

    @Override
    public void phase(String phase) {
        shown.phase(phase);
    }

    @Override
    public LoadProgress.Listener loadListener(Duration warmup, Duration duration) {
        LoadProgress.Listener live = shown.loadListener(warmup, duration);
        return new LoadProgress.Listener() {
            @Override
            public void onProgress(LoadProgress p) {
                clock.begin(switch (p.phase()) {
                    case "warmup" -> Stage.WARMUP;
                    case "measure", "burst" -> Stage.WINDOW;
                    // Before the window, a report of another kind leaves the driver starting.
                    default -> clock.current() == Stage.WINDOW ? Stage.DRAIN : clock.current();
                });
                live.onProgress(p);
            }

            @Override
            public void engineStarted(long pid) {
                live.engineStarted(pid);
            }
        };
    }
}
